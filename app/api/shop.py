"""(being written)"""
routes: list = []
