"""The demo storefronts' goods: market, grocery (shared by the three grocery fronts), fashion,
gadget, furniture, health & beauty and gift, with their categories and brands."""

from __future__ import annotations

import random
from decimal import Decimal

from db.seed.common import rng, stock_level
from db.seed.specs import CategorySpec, Item

C = CategorySpec

CATEGORIES: dict[str, tuple[CategorySpec, ...]] = {
    "market": (
        C("Automotive", "car", "1f697", (C("Cars", "car", "1f697"),)),
        C("Mobiles", "mobile", "1f4f1"),
        C("Optics & Watches", "watch", "231a"),
        C("Electronics", "electronics", "1f4fa"),
        C("Fashion", "fashion", "1f45c"),
        C("Bikes", "bike", "1f6b2"),
        C("Home & Garden", "home", "1fab4"),
        C("Music", "music", "1f3b8"),
    ),
    "grocery": (
        C("Vegetables", "vegetable", "1f966"),
        C("Fruits", "fruit", "1f34e"),
        C("Breakfast", "breakfast", "1f95e"),
        C("Frozen", "frozen", "1f9ca"),
        C("Organic", "organic", "1f33f"),
        C("Canned Food", "canned", "1f96b"),
        C("Coffee & Snacks", "coffee", "2615"),
        C("Sauces & Jems", "sauce", "1fad9"),
        C("Dairy", "dairy", "1f95b"),
    ),
    "fashion": (
        C("Men", "men", "1f455"),
        C("Women", "women", "1f457"),
        C("Kids", "kids", "1f476"),
        C("Accessories", "accessories", "1f45c"),
        C("Shoes", "shoes", "1f45f"),
    ),
    "gadget": (
        C("Headphones", "headphone", "1f3a7"),
        C("Smart Watches", "watch", "231a"),
        C("Laptops", "laptop", "1f4bb"),
        C("Cameras", "camera", "1f4f7"),
        C("Speakers", "speaker", "1f50a"),
        C("Gaming", "game", "1f3ae"),
    ),
    "furniture": (
        C("Sofas", "sofa", "1f6cb"),
        C("Chairs", "chair", "1fa91"),
        C("Beds", "bed", "1f6cf"),
        C("Tables", "table", "1fab5"),
        C("Lighting", "lamp", "1f4a1"),
    ),
    "healthbeauty": (
        C("Skincare", "skincare", "1f9f4"),
        C("Makeup", "makeup", "1f484"),
        C("Hair Care", "hair", "1f487"),
        C("Vitamins", "vitamin", "1f48a"),
        C("Fragrance", "fragrance", "1f338"),
    ),
    "gift": (
        C("Toys", "toy", "1f9f8"),
        C("Greeting Cards", "card", "1f48c"),
        C("Flowers", "flower", "1f490"),
        C("Teddy Bears", "teddy", "1f43b"),
        C("Gift Boxes", "gift", "1f381"),
    ),
}

# A product whose title starts with one of its shop's brands belongs to that brand.
BRANDS: dict[str, tuple[str, ...]] = {
    "market": (
        "Toyota",
        "Ford",
        "BMW",
        "Tesla",
        "Honda",
        "Audi",
        "Samsung",
        "Apple",
        "Xiaomi",
        "Nokia",
        "OnePlus",
        "Casio",
        "Ray-Ban",
        "Fossil",
        "Titan",
        "Oakley",
    ),
    "fashion": ("Nike", "Adidas", "Levi's", "Zara"),
}
FEATURED_BRANDS = ("Toyota", "Tesla", "Samsung", "Apple", "Ray-Ban", "Casio", "Nike", "Levi's")

# Goods per category name: (title, price) or (title, price, unit).
GOODS: dict[str, tuple[tuple, ...]] = {
    "Automotive": (("Car Phone Mount", 19.99), ("Portable Tyre Inflator", 49.00)),
    "Cars": (
        ("Toyota Corolla Hybrid", 24500),
        ("Toyota RAV4 Adventure", 33900),
        ("Ford Mustang GT", 42500),
        ("Ford Ranger XLT", 36800),
        ("BMW 3 Series 330i", 45900),
        ("BMW X5 xDrive40i", 68900),
        ("Tesla Model 3 Long Range", 47990),
        ("Tesla Model Y Performance", 52990),
        ("Honda Civic Sport", 26500),
        ("Audi Q5 Sportback", 52800),
    ),
    "Mobiles": (
        ("Samsung Galaxy S23", 799),
        ("Samsung Galaxy A54", 449),
        ("Samsung Galaxy Z Flip5", 999),
        ("Apple iPhone 15", 829),
        ("Apple iPhone 14 Plus", 729),
        ("Apple iPhone SE", 429),
        ("Xiaomi Redmi Note 12 Pro", 299),
        ("Xiaomi 13T", 599),
        ("Nokia G42 5G", 199),
        ("Nokia X30", 349),
        ("OnePlus 11", 699),
        ("OnePlus Nord 3", 449),
    ),
    "Optics & Watches": (
        ("Casio G-Shock GA-2100", 99),
        ("Casio Vintage A168", 29.99),
        ("Casio Edifice Chronograph", 149),
        ("Ray-Ban Aviator Classic", 163),
        ("Ray-Ban Wayfarer", 154),
        ("Ray-Ban Clubmaster", 171),
        ("Fossil Grant Chronograph", 139),
        ("Fossil Gen 6 Smartwatch", 299),
        ("Titan Neo Analog Watch", 89),
        ("Titan Eyeplus Blue Light Glasses", 45),
        ("Oakley Holbrook Sunglasses", 146),
        ("Oakley Radar EV Path", 213),
    ),
    "Electronics": (
        ("4K Smart TV 55 inch", 549),
        ("Bluetooth Soundbar", 179),
        ("Wireless Charging Pad", 24.99),
        ("Portable Power Bank 20000mAh", 39.99),
        ("Mirrorless Camera Kit", 899),
        ("Gaming Console Bundle", 499),
        ("Wi-Fi 6 Mesh Router", 229),
        ("E-Reader with Backlight", 139),
    ),
    "Fashion": (
        ("Classic Denim Jacket", 69),
        ("Leather Crossbody Bag", 89),
        ("Running Sneakers", 79.99),
        ("Cotton Polo Shirt", 29.99),
        ("Wool Beanie", 19.99),
        ("Silk Scarf", 34.99),
    ),
    "Bikes": (
        ("Mountain Bike 29er", 649),
        ("City Commuter Bike", 429),
        ("Electric Scooter", 399),
        ("Kids Balance Bike", 89),
        ("Road Bike Carbon Frame", 1499),
        ("Cruiser Motorbike 350cc", 4299),
    ),
    "Home & Garden": (
        ("Garden Hose 30 m", 34.99),
        ("Ceramic Plant Pot Set", 29.99),
        ("Cordless Lawn Mower", 279),
        ("LED Solar Garden Lights", 24.99),
        ("Potted Monstera Plant", 39.99),
    ),
    "Music": (
        ("Acoustic Guitar", 189),
        ("Digital Piano 88 Keys", 549),
        ("Electronic Drum Kit", 699),
        ("Studio Microphone", 129),
        ("Alto Saxophone", 899),
    ),
    "Vegetables": (
        ("Onion", 1.49, "kg"),
        ("Red Onion", 1.79, "kg"),
        ("Potato", 1.29, "kg"),
        ("Baby Potato", 2.49, "kg"),
        ("Tomato", 2.19, "kg"),
        ("Carrot", 1.39, "kg"),
        ("Broccoli", 2.99, "500 g"),
        ("Cucumber", 0.99, "pcs"),
        ("Sweet Corn", 1.99, "2 pcs"),
        ("Bell Pepper", 3.49, "500 g"),
        ("Spinach", 2.29, "bunch"),
        ("Garlic", 3.99, "250 g"),
        ("Mushroom", 2.79, "250 g"),
    ),
    "Fruits": (
        ("Grapes", 3.99, "kg"),
        ("Green Grapes", 4.29, "kg"),
        ("Red Apple", 3.49, "kg"),
        ("Banana", 1.19, "dozen"),
        ("Orange", 2.99, "kg"),
        ("Mango", 4.99, "kg"),
        ("Watermelon", 5.99, "pcs"),
        ("Strawberries", 4.49, "500 g"),
        ("Pineapple", 3.29, "pcs"),
        ("Cherries", 8.99, "500 g"),
    ),
    "Breakfast": (
        ("Whole Wheat Bread", 2.79, "pack"),
        ("Corn Flakes", 4.49, "500 g"),
        ("Pancake Mix", 3.99, "500 g"),
        ("Butter Croissant", 5.49, "pack"),
        ("Rolled Oats", 3.29, "1 kg"),
        ("Wildflower Honey", 7.99, "500 g"),
    ),
    "Frozen": (
        ("Vanilla Ice Cream", 5.99, "1 L"),
        ("Frozen Margherita Pizza", 6.49, "pack"),
        ("French Fries", 3.49, "1 kg"),
        ("Frozen Green Peas", 2.49, "500 g"),
        ("Chicken Dumplings", 7.99, "pack"),
    ),
    "Organic": (
        ("Organic Avocado", 5.99, "2 pcs"),
        ("Organic Kale", 3.49, "bunch"),
        ("Organic Brown Eggs", 6.49, "12 pcs"),
        ("Organic Quinoa", 8.99, "500 g"),
        ("Organic Lemon", 3.99, "kg"),
    ),
    "Canned Food": (
        ("Canned Tuna", 2.49, "pack"),
        ("Baked Beans", 1.49, "400 g"),
        ("Canned Sweet Corn", 1.69, "400 g"),
        ("Chickpeas", 1.59, "400 g"),
        ("Coconut Milk", 2.29, "400 ml"),
    ),
    "Coffee & Snacks": (
        ("Ground Coffee", 9.99, "500 g"),
        ("Green Tea", 4.99, "pack"),
        ("Potato Chips", 2.99, "pack"),
        ("Chocolate Cookies", 3.49, "pack"),
        ("Salted Peanuts", 2.79, "500 g"),
        ("Dark Chocolate", 3.99, "100 g"),
    ),
    "Sauces & Jems": (
        ("Tomato Ketchup", 2.99, "500 g"),
        ("Strawberry Jam", 3.99, "500 g"),
        ("Mango Jam", 4.29, "500 g"),
        ("Chilli Sauce", 2.49, "250 ml"),
        ("Mayonnaise", 3.49, "500 g"),
    ),
    "Dairy": (
        ("Whole Milk", 1.49, "1 L"),
        ("Cheddar Cheese", 5.99, "500 g"),
        ("Salted Butter", 4.49, "500 g"),
        ("Greek Yogurt", 3.99, "1 kg"),
        ("Free-range Eggs", 4.99, "12 pcs"),
    ),
    "Men": (
        ("Slim Fit Chino Trousers", 49.99),
        ("Oxford Cotton Shirt", 39.99),
        ("Levi's 501 Original Jeans", 79.50),
        ("Crew Neck Sweater", 54.99),
        ("Quilted Bomber Jacket", 99.00),
        ("Linen Summer Shirt", 44.99),
    ),
    "Women": (
        ("Floral Maxi Dress", 69.99),
        ("High-Waist Skinny Jeans", 59.99),
        ("Zara Wrap Midi Dress", 79.90),
        ("Cashmere Cardigan", 129.00),
        ("Pleated Midi Skirt", 49.99),
        ("Silk Blouse", 74.99),
        ("Zara Trench Coat", 139.00),
    ),
    "Kids": (
        ("Kids Dinosaur T-Shirt", 14.99),
        ("Girls Tutu Dress", 29.99),
        ("Boys Cargo Shorts", 19.99),
        ("Kids Rain Jacket", 39.99),
        ("Baby Cotton Romper", 17.99),
    ),
    "Accessories": (
        ("Leather Belt", 34.99),
        ("Canvas Tote Bag", 24.99),
        ("Wool Scarf", 29.99),
        ("Nike Baseball Cap", 27.99),
        ("Leather Wallet", 44.99),
        ("Freshwater Pearl Necklace", 89.00),
    ),
    "Shoes": (
        ("Nike Air Zoom Pegasus", 129.99),
        ("Adidas Ultraboost Running Shoes", 179.99),
        ("Chelsea Boots", 119.00),
        ("Block Heel Sandals", 64.99),
        ("Suede Loafers", 89.99),
        ("Adidas Stan Smith Sneakers", 99.99),
    ),
    "Headphones": (
        ("Noise Cancelling Headphones X1", 249),
        ("Wireless Earbuds Pro", 149),
        ("Studio Monitor Headphones", 129),
        ("Sports Neckband Earphones", 39.99),
        ("Kids Safe Headphones", 29.99),
    ),
    "Smart Watches": (
        ("FitPulse Smart Watch 2", 199),
        ("Active GPS Running Watch", 279),
        ("Kids Smart Watch with SOS", 69.99),
        ("Health Tracker Band", 49.99),
    ),
    "Laptops": (
        ("UltraBook 14 Air", 1099),
        ("ProBook 16 Creator", 1899),
        ("Gaming Laptop RTX Edition", 1599),
        ("Chromebook 11 Student", 299),
    ),
    "Cameras": (
        ("Action Camera 4K", 249),
        ("Instant Film Camera", 89.99),
        ("Full-Frame Camera Body", 1999),
        ("Vlogging Camera Kit", 749),
    ),
    "Speakers": (
        ("Portable Bluetooth Speaker", 79.99),
        ("Smart Home Speaker", 99),
        ("Party Speaker with Lights", 229),
        ("Bookshelf Speakers Pair", 299),
    ),
    "Gaming": (
        ("Wireless Game Controller", 59.99),
        ("VR Headset", 399),
        ("Handheld Game Console", 349),
        ("Mechanical Gaming Keyboard", 119),
    ),
    "Sofas": (
        ("Three-Seater Fabric Sofa", 899),
        ("Velvet Loveseat", 649),
        ("L-Shaped Sectional Sofa", 1499),
        ("Leather Recliner Sofa", 1199),
    ),
    "Chairs": (
        ("Scandinavian Dining Chair", 129),
        ("Ergonomic Office Chair", 289),
        ("Rattan Accent Chair", 219),
        ("Bar Stool Set", 179),
    ),
    "Beds": (
        ("Queen Platform Bed", 749),
        ("Upholstered King Bed", 1099),
        ("Bunk Bed with Storage", 899),
        ("Daybed with Trundle", 599),
    ),
    "Tables": (
        ("Solid Oak Dining Table", 999),
        ("Marble Coffee Table", 449),
        ("Nesting Side Tables", 189),
        ("Extendable Desk", 329),
    ),
    "Lighting": (
        ("Arc Floor Lamp", 199),
        ("Ceramic Table Lamp", 79),
        ("Rattan Pendant Light", 119),
        ("Brass Wall Sconce", 89),
    ),
    "Skincare": (
        ("Hydrating Face Serum", 24.99),
        ("Vitamin C Brightening Cream", 29.99),
        ("Gentle Foaming Cleanser", 14.99),
        ("SPF 50 Sunscreen Lotion", 18.99),
        ("Overnight Repair Mask", 22.99),
    ),
    "Makeup": (
        ("Matte Liquid Lipstick", 16.99),
        ("Volumising Mascara", 12.99),
        ("Nude Eyeshadow Palette", 34.99),
        ("Long-Wear Foundation", 27.99),
        ("Gel Nail Polish Set", 19.99),
    ),
    "Hair Care": (
        ("Argan Oil Shampoo", 13.99),
        ("Repair Conditioner", 13.99),
        ("Ionic Hair Dryer", 59.99),
        ("Wooden Detangling Comb", 9.99),
        ("Hair Growth Serum", 26.99),
    ),
    "Vitamins": (
        ("Multivitamin Daily Tablets", 15.99),
        ("Vitamin D3 Softgels", 11.99),
        ("Omega-3 Fish Oil Capsules", 19.99),
        ("Marine Collagen Powder", 32.99),
        ("Probiotic Capsules", 24.99),
    ),
    "Fragrance": (
        ("Rose Eau de Parfum", 79),
        ("Citrus Eau de Toilette", 59),
        ("Oud Wood Perfume", 119),
        ("Lavender Body Mist", 19.99),
        ("Vanilla Scented Candle", 24.99),
    ),
    "Toys": (
        ("Wooden Building Blocks", 29.99),
        ("Remote Control Car", 49.99),
        ("Jigsaw Puzzle 1000 Pieces", 19.99),
        ("Rainbow Kite", 15.99),
    ),
    "Greeting Cards": (
        ("Happy Birthday Card", 4.99),
        ("Thank You Card Set", 9.99),
        ("Anniversary Love Card", 5.99),
        ("Congratulations Card", 4.99),
    ),
    "Flowers": (
        ("Red Rose Bouquet", 49.99),
        ("Sunflower Bunch", 29.99),
        ("Mixed Tulip Bouquet", 39.99),
        ("Cherry Blossom Arrangement", 59.99),
    ),
    "Teddy Bears": (
        ("Classic Brown Teddy Bear", 24.99),
        ("Giant Cuddly Teddy Bear", 69.99),
        ("Panda Plush Toy", 19.99),
        ("Graduation Teddy Bear", 27.99),
    ),
    "Gift Boxes": (
        ("Chocolate Gift Box", 34.99),
        ("Spa Gift Hamper", 59.99),
        ("Birthday Balloon Bundle", 29.99),
        ("Ribbon-Wrapped Surprise Box", 39.99),
    ),
}

# Discount steps a shop uses (the market runs the deepest sales, groceries the mildest).
DISCOUNTS: dict[str, tuple[int, ...]] = {
    "market": (0, 0, 5, 10, 15, 20, 25, 30, 40, 50, 60),
    "grocery": (0, 0, 0, 5, 10, 15, 20, 25),
    "fashion": (0, 0, 10, 20, 30, 40, 50),
    "gadget": (0, 0, 5, 10, 15, 25, 40),
    "furniture": (0, 0, 10, 15, 20, 30),
    "healthbeauty": (0, 0, 5, 10, 20, 35),
    "gift": (0, 0, 5, 10, 15, 30),
}
FEATURED_PER_SHOP = 4

BLURBS: dict[str, tuple[str, ...]] = {
    "market": (
        "{title} with the full manufacturer warranty, delivered fast and returnable within 7 days.",
        "Genuine {category} stock from verified sellers: the {title}, with secure payment and easy returns.",
        "Popular in {category}: the {title}, checked for quality and backed by our money-back guarantee.",
    ),
    "grocery": (
        "{title}, sourced from trusted growers and brands and packed the day it ships.",
        "An everyday {category} essential: {title} at a great price, delivered chilled to your door.",
        "Stock your kitchen with {title}, stored with care and checked for quality before it leaves us.",
    ),
    "fashion": (
        "The {title} in soft, durable fabric with a modern fit, easy to dress up or down.",
        "A wardrobe favourite: the {title}, made to last and designed for all-day comfort.",
        "Refresh your look with the {title}, available in every size with free exchanges.",
    ),
    "gadget": (
        "The {title} brings the latest features, a one-year warranty and free delivery.",
        "Smart design and reliable performance: the {title} is built for work and play.",
        "Upgrade your setup with the {title}, tested, genuine and backed by our support team.",
    ),
    "furniture": (
        "The {title} pairs clean lines with sturdy materials, made for years of everyday use.",
        "Bring comfort home with the {title}, offered in four colours with a simple assembly guide.",
        "Crafted with care, the {title} suits modern and classic interiors alike.",
    ),
    "healthbeauty": (
        "The {title}, dermatologist-tested and gentle enough for daily use.",
        "Treat yourself to the {title}, made with carefully selected ingredients.",
        "A bestseller in {category}: the {title} for a simple, effective routine.",
    ),
    "gift": (
        "The {title}, beautifully wrapped and ready to make someone's day.",
        "Say it with a gift: the {title}, with a free message card and fast delivery.",
        "A thoughtful surprise for any occasion: the {title}, packed with love.",
    ),
}

FURNITURE_COLORS = (
    "#1F2937",
    "#6B7280",
    "#D1D5DB",
    "#F5F5F4",
    "#B45309",
    "#92400E",
    "#4D7C0F",
    "#0F766E",
    "#1E3A8A",
    "#9F1239",
    "#CA8A04",
    "#7C3AED",
)


def brand_of(shop: str, title: str) -> str | None:
    return next((b for b in BRANDS.get(shop, ()) if title.startswith(b + " ")), None)


def build_item(r: random.Random, shop: str, category: CategorySpec, entry: tuple) -> Item:
    title, price, unit = (*entry, "pcs")[:3]
    return Item(
        title=title,
        shop=shop,
        category=category.slug,
        price=Decimal(str(price)).quantize(Decimal("0.01")),
        discount=r.choice(DISCOUNTS[shop]),
        stock=stock_level(r),
        unit=unit,
        description=r.choice(BLURBS[shop]).format(title=title, category=category.name.lower()),
        brand=brand_of(shop, title),
    )


def dress_furniture(r: random.Random, items: list[Item]) -> None:
    """Furniture cards show four colour swatches, and every third piece is flagged "New"."""
    for n, item in enumerate(items):
        item.colors = r.sample(FURNITURE_COLORS, 4)
        item.status = "New" if n % 3 == 0 else ""


def build_goods() -> list[Item]:
    r = rng("goods")
    everything: list[Item] = []
    for shop, tops in CATEGORIES.items():
        items = [
            build_item(r, shop, category, entry)
            for top in tops
            for category in (top, *top.children)
            for entry in GOODS.get(category.name, ())
        ]
        for i in r.sample(range(len(items)), FEATURED_PER_SHOP):
            items[i].featured = True
        if shop == "furniture":
            dress_furniture(r, items)
        everything.extend(items)
    return everything
