"""Storefront pages: the homes (shop.py, storefront.py and each demo family), search results and the
product page (catalogue.py), the cart and checkout (cart.py)."""
