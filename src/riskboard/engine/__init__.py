"""The rules-independent engine: state values, actions, events, chance and the ``Game`` façade."""
