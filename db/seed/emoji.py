"""Which twemoji picture a product gets: the first keyword found in its title, else its category's."""
from __future__ import annotations

# Order matters: longer or more specific phrases come before the words they contain
# ("potato chips" before "potato", "cherry blossom" before "cherr", "ultrabook" is a laptop).
KEYWORDS: tuple[tuple[str, str], ...] = (
    # titles holding another keyword: "Pearl Necklace" (pear), "Capsules" (cap), "Table Lamp" and
    # "Tablets" (table), "Pineapple" and "Apple iPhone" (apple), "Chickpeas" (peas)
    ("necklace", "1f4ff"), ("capsules", "1f48a"), ("lamp", "1f4a1"), ("tablets", "1f48a"),
    ("pineapple", "1f34d"), ("iphone", "1f4f1"), ("chickpeas", "1fad8"),
    # grocery
    ("potato chips", "1f35f"), ("fries", "1f35f"), ("onion", "1f9c5"), ("garlic", "1f9c4"),
    ("potato", "1f954"), ("ketchup", "1fad9"), ("jam", "1fad9"), ("sauce", "1fad9"),
    ("mayonnaise", "1fad9"), ("tomato", "1f345"), ("carrot", "1f955"), ("broccoli", "1f966"),
    ("cucumber", "1f952"), ("corn flakes", "1f963"), ("corn", "1f33d"), ("pepper", "1fad1"),
    ("spinach", "1f96c"), ("kale", "1f96c"), ("mushroom", "1f344"), ("avocado", "1f951"),
    ("eggplant", "1f346"), ("grapes", "1f347"), ("apple", "1f34e"), ("banana", "1f34c"),
    ("orange", "1f34a"), ("mango", "1f96d"), ("watermelon", "1f349"), ("strawberr", "1f353"),
    ("pear", "1f350"), ("cherry blossom", "1f338"), ("cherr", "1f352"),
    ("kiwi", "1f95d"), ("lemon", "1f34b"), ("coconut", "1f965"), ("bread", "1f35e"),
    ("croissant", "1f950"), ("oats", "1f963"), ("granola", "1f963"), ("pancake", "1f95e"),
    ("waffle", "1f9c7"), ("honey", "1f36f"), ("egg", "1f95a"), ("bacon", "1f953"),
    ("ice cream", "1f368"), ("pizza", "1f355"), ("dumpling", "1f95f"), ("fish fingers", "1f41f"),
    ("shrimp", "1f364"), ("peas", "1fadb"), ("beans", "1fad8"),
    ("tuna", "1f96b"), ("canned", "1f96b"), ("coffee", "2615"), ("tea", "1f375"),
    ("cookie", "1f36a"), ("peanut", "1f95c"), ("chocolate", "1f36b"), ("popcorn", "1f37f"),
    ("pretzel", "1f968"), ("juice", "1f9c3"), ("milk", "1f95b"), ("yogurt", "1f95b"),
    ("cheese", "1f9c0"), ("butter", "1f9c8"),
    # market
    ("rav4", "1f699"), ("ranger", "1f699"), ("cr-v", "1f699"), ("x5", "1f699"), ("q5", "1f699"),
    ("model y", "1f699"), ("phone mount", "1f4f1"), ("tyre", "1f6de"), ("blue light", "1f453"),
    ("sunglasses", "1f576"), ("aviator", "1f576"), ("wayfarer", "1f576"), ("clubmaster", "1f576"),
    ("radar", "1f576"), ("watch", "231a"), ("chronograph", "231a"), ("g-shock", "231a"),
    ("smart tv", "1f4fa"), ("soundbar", "1f50a"), ("charging", "1f50b"), ("power bank", "1f50b"),
    ("router", "1f4e1"), ("e-reader", "1f4d6"), ("console", "1f3ae"), ("controller", "1f3ae"),
    ("jacket", "1f9e5"), ("coat", "1f9e5"), ("sweater", "1f9e5"), ("cardigan", "1f9e5"),
    ("bag", "1f45c"), ("tote", "1f45c"), ("sneakers", "1f45f"), ("running shoes", "1f45f"),
    ("ultraboost", "1f45f"), ("pegasus", "1f45f"), ("t-shirt", "1f455"), ("shirt", "1f455"),
    ("polo", "1f455"), ("beanie", "1f9e2"), ("cap", "1f9e2"), ("scarf", "1f9e3"),
    ("dress", "1f457"), ("skirt", "1f457"), ("blouse", "1f45a"), ("jeans", "1f456"),
    ("trousers", "1f456"), ("chino", "1f456"), ("shorts", "1fa73"), ("romper", "1f476"),
    ("wallet", "1f45b"), ("boots", "1f462"), ("sandals", "1f461"),
    ("loafers", "1f45e"), ("scooter", "1f6f4"), ("motorbike", "1f3cd"), ("bike", "1f6b2"),
    ("hose", "1f6bf"), ("plant", "1fab4"), ("lawn", "1f33f"), ("solar", "1f4a1"),
    ("guitar", "1f3b8"), ("piano", "1f3b9"), ("drum", "1f941"), ("microphone", "1f3a4"),
    ("saxophone", "1f3b7"),
    # gadgets
    ("headphones", "1f3a7"), ("earbuds", "1f3a7"), ("earphones", "1f3a7"), ("laptop", "1f4bb"),
    ("ultrabook", "1f4bb"), ("probook", "1f4bb"), ("chromebook", "1f4bb"), ("action camera", "1f4f9"),
    ("security camera", "1f4f9"), ("vlogging", "1f4f9"), ("instant film", "1f4f8"),
    ("camera", "1f4f7"), ("speaker", "1f50a"), ("vr headset", "1f97d"), ("keyboard", "2328"),
    ("mouse", "1f5b1"), ("game", "1f3ae"),
    # furniture
    ("sofa", "1f6cb"), ("loveseat", "1f6cb"), ("sectional", "1f6cb"), ("recliner", "1f6cb"),
    ("chair", "1fa91"), ("stool", "1fa91"), ("bed", "1f6cf"), ("dining table", "1f37d"),
    ("table", "1fab5"), ("desk", "1f4bb"),
    ("light", "1f4a1"), ("sconce", "1f4a1"),
    # health & beauty
    ("lipstick", "1f484"), ("mascara", "1f484"), ("eyeshadow", "1f3a8"), ("foundation", "1f484"),
    ("nail", "1f485"), ("hair dryer", "1f4a8"), ("comb", "1faae"), ("multivitamin", "1f48a"),
    ("softgels", "1f48a"), ("fish oil", "1f48a"), ("collagen", "1f48a"),
    ("rose", "1f339"), ("citrus", "1f34b"), ("oud", "1fab5"), ("lavender", "1fabb"),
    ("candle", "1f56f"), ("serum", "1f9f4"), ("cream", "1f9f4"), ("cleanser", "1f9f4"),
    ("sunscreen", "1f9f4"), ("shampoo", "1f9f4"), ("conditioner", "1f9f4"), ("mask", "1f9f4"),
    # gifts
    ("blocks", "1f9f1"), ("remote control car", "1f3ce"), ("puzzle", "1f9e9"), ("kite", "1fa81"),
    ("balloon", "1f388"), ("birthday", "1f382"), ("card", "1f48c"), ("sunflower", "1f33b"),
    ("tulip", "1f337"), ("teddy", "1f9f8"), ("panda", "1f43c"), ("hamper", "1f9fa"),
    ("surprise", "1f381"),
)

# What any picture falls back to when a code point is missing from the installed package.
DEFAULT = "1f381"


def for_product(title: str, category_emoji: str) -> str:
    lowered = title.lower()
    for keyword, code in KEYWORDS:
        if keyword in lowered:
            return code
    return category_emoji
