"""Mechanics shared by several editions (cards with symbols, first-player rolls, dealing)."""
