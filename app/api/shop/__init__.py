"""The shoppers' API: the storefronts' lists (market.py, storefronts.py, their records in
records.py), search suggestions (search.py) and the checkout (checkout.py)."""
