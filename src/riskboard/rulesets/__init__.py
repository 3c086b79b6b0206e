"""The editions: one package each (``classic``, ``balance_of_power``) and the components they share.

An edition is a ``Ruleset`` (``riskboard.engine.ruleset``), most of it from ``base.BaseRuleset``;
``riskboard.registry`` finds them by name.
"""
