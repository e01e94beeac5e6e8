"""The gadget store demo: /gadget-shop."""

from __future__ import annotations

from app.pages.shop.storefront import home_route
from db.queries import gadget

routes = [
    home_route(
        "/gadget-shop",
        "GadgetShop",
        gadget.page,
        "Headphones, laptops, smart watches, cameras, speakers and gaming gear: top picks, "
        "the most viewed gadgets and savings of up to 80%, with buying guides on our blog.",
    ),
]
