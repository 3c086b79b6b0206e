"""Map data files (territories, regions, borders) and their loader."""

from riskboard.maps.loader import GameMap, Region, Territory, load_map, map_from_dict

__all__ = ["GameMap", "Region", "Territory", "load_map", "map_from_dict"]
