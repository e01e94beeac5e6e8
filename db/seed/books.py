"""The Student Books store itself: its category tree and ~120 school, college and story books."""

from __future__ import annotations

import random
import re
from decimal import Decimal

from db.seed.book_details import BookDetails
from db.seed.common import price_tag, rng, stock_level
from db.seed.specs import CategorySpec, Item

SHOP = "books"

CATEGORIES = (
    CategorySpec(
        "School Books",
        "school",
        "1f392",
        (
            CategorySpec("Mathematics", "school", "1f4d0"),
            CategorySpec("Science", "school", "1f52c"),
            CategorySpec("English", "school", "1f4dd"),
            CategorySpec("History & Geography", "school", "1f30d"),
            CategorySpec("Languages", "school", "1f524"),
        ),
    ),
    CategorySpec(
        "College Books",
        "college",
        "1f393",
        (
            CategorySpec("Engineering", "college", "2699"),
            CategorySpec("Medicine", "college", "1fa7a"),
            CategorySpec("Business & Economics", "college", "1f4c8"),
            CategorySpec("Computer Science", "college", "1f4bb"),
            CategorySpec("Law", "college", "2696"),
        ),
    ),
    CategorySpec(
        "Story Books",
        "story",
        "1f4da",
        (
            CategorySpec("Fiction", "story", "1f4d6"),
            CategorySpec("Children's Stories", "story", "1f9f8"),
            CategorySpec("Mystery & Thriller", "story", "1f50d"),
            CategorySpec("Fantasy", "story", "1f409"),
            CategorySpec("Classics", "story", "1f3db"),
        ),
    ),
)

TITLES: dict[str, tuple[str, ...]] = {
    "Mathematics": (
        "Class 8 Mathematics Workbook",
        "Class 6 Mathematics Textbook",
        "Class 10 Algebra and Geometry",
        "Class 7 Mental Maths Practice",
        "Class 9 Mathematics Solved Papers",
        "Class 5 Fun with Numbers",
        "Class 12 Calculus Essentials",
        "Class 11 Statistics and Probability",
    ),
    "Science": (
        "Class 8 Science Explorer",
        "Class 9 Physics Fundamentals",
        "Class 10 Chemistry Lab Manual",
        "Class 7 Living World Biology",
        "Class 6 General Science",
        "Class 11 Physics Part I",
        "Class 12 Biology Revision Guide",
        "Class 5 Our Environment",
    ),
    "English": (
        "Class 8 English Grammar and Composition",
        "Class 6 English Reader",
        "Class 10 English Literature Anthology",
        "Class 7 Word Power Vocabulary",
        "Class 9 Essay and Letter Writing",
        "Class 4 Cursive Handwriting Practice",
        "Class 12 Riverbend Prose Companion",
        "Class 11 Creative Writing Workshop",
    ),
    "History & Geography": (
        "Class 8 Our Past: Modern History",
        "Class 7 Physical Geography Atlas",
        "Class 9 World History Since 1800",
        "Class 10 Economic Geography",
        "Class 6 Ancient Civilisations",
        "Class 11 Maps and Mapwork",
        "Class 12 Contemporary World Politics",
        "Class 5 Our Country, Our Earth",
    ),
    "Languages": (
        "Class 8 French for Beginners",
        "Class 6 Spanish Made Simple",
        "Class 9 German Grammar Drills",
        "Class 7 Hindi Vyakaran Practice",
        "Class 10 Sanskrit Reader",
        "Class 5 First Steps in Mandarin",
        "Class 11 Advanced French Comprehension",
        "Class 12 Spanish Exam Companion",
    ),
    "Engineering": (
        "Engineering Mechanics: Statics and Dynamics",
        "Fundamentals of Thermodynamics, 5th Edition",
        "Strength of Materials",
        "Fluid Mechanics for Engineers",
        "Electrical Circuit Analysis",
        "Introduction to Control Systems",
        "Structural Design in Steel and Concrete",
        "Digital Electronics and Logic Design",
    ),
    "Medicine": (
        "Principles of Organic Chemistry, 3rd Edition",
        "Clinical Anatomy Made Easy",
        "Essentials of Human Physiology",
        "Pharmacology: A Practical Guide",
        "Pathology Review, 2nd Edition",
        "Medical Biochemistry Illustrated",
        "Microbiology for Health Sciences",
        "Handbook of Emergency Medicine",
    ),
    "Business & Economics": (
        "Principles of Microeconomics, 4th Edition",
        "Financial Accounting for Managers",
        "Marketing Management in Practice",
        "Introduction to Macroeconomics",
        "Corporate Finance Essentials",
        "Business Statistics with Excel",
        "Organisational Behaviour Today",
        "International Trade and Policy",
    ),
    "Computer Science": (
        "Data Structures and Algorithms in Python",
        "Introduction to Operating Systems",
        "Database Systems: Design and Queries",
        "Computer Networks, 6th Edition",
        "Discrete Mathematics for Computing",
        "Software Engineering in Practice",
        "Machine Learning Foundations",
        "Compilers and Language Design",
    ),
    "Law": (
        "Constitutional Law: Cases and Commentary",
        "Principles of Contract Law",
        "Criminal Law and Procedure",
        "Introduction to Jurisprudence",
        "Law of Torts, 9th Edition",
        "Company Law Handbook",
        "Public International Law",
        "Evidence and Advocacy Skills",
    ),
    "Fiction": (
        "The Lantern Keeper of Ashford",
        "Letters from the Salt Marsh",
        "A Summer at Willow Creek",
        "The Tailor of Brightwater",
        "Rain Over Juniper Street",
        "The Last Train to Merriton",
        "Paper Boats and Other Promises",
        "The Orchard House Years",
    ),
    "Children's Stories": (
        "Milo and the Moon Balloon",
        "The Tortoise Who Wanted to Fly",
        "Pip the Brave Little Lighthouse",
        "Grandma's Button Box",
        "The Dragon Who Loved Pancakes",
        "Luna's Night Garden",
        "Ten Tiny Penguins",
        "The Great Treehouse Adventure",
    ),
    "Mystery & Thriller": (
        "The Silent Witness of Harrow Lane",
        "Seven Days in Blackwater",
        "The Glass Room Murders",
        "No Footprints in the Snow",
        "The Cipher at Kingsbridge",
        "Midnight at the Grand Meridian",
        "A Deadly Inheritance",
        "The Vanishing at Lake Orin",
    ),
    "Fantasy": (
        "The Ember Crown",
        "Song of the Stormborn",
        "The Cartographer of Lost Realms",
        "Shadows Over Eldenmoor",
        "The Thirteenth Gate",
        "Wings of the Ashen Sky",
        "The Alchemist's Apprentice",
        "Queen of the Hollow Wood",
    ),
    "Classics": (
        "The Tenant of Marlowe Hall",
        "A Voyage to the Southern Isles",
        "The Vicar of Eastbrook",
        "Tales of the Old Quarter",
        "The Merchant's Wife",
        "Letters of a Country Doctor",
        "The House on Ravensworth Hill",
        "A Winter in St. Petersburg",
    ),
}

# Price ranges per top category: college texts cost more than school books and novels.
PRICES = {"School Books": (4.99, 24.99), "College Books": (29.0, 89.0), "Story Books": (6.99, 19.99)}
DISCOUNTS = (0, 0, 0, 0, 5, 10, 10, 15, 20, 25)
FEATURED_COUNT = 12
UNPUBLISHED_COUNT = 5

SCHOOL_BLURBS = (
    "Written for {grade} students, this book covers the full {subject} syllabus with clear explanations, "
    "worked examples and graded practice exercises.",
    "A classroom-tested {subject} book with chapter summaries, revision notes and sample papers that "
    "build confidence before exams.",
    "{Subject} made approachable for {grade}: colourful diagrams, step-by-step examples and plenty of "
    "practice questions for school and home.",
)
COLLEGE_BLURBS = (
    "A comprehensive text for {subject} students that balances core theory with real-world "
    "applications, end-of-chapter problems and review questions.",
    "Trusted by {subject} students and instructors alike, this book explains the key ideas in clear "
    "language, with worked examples and case studies.",
    "Up-to-date coverage with chapter summaries, self-test questions and an accessible style suited to "
    "undergraduate {subject} courses.",
)
# How a subject reads inside a sentence ("the full language syllabus", "medical students").
SCHOOL_SUBJECTS = {"English": "English", "History & Geography": "history and geography", "Languages": "language"}
COLLEGE_SUBJECTS = {"Medicine": "medical", "Business & Economics": "business and economics"}
STORY_HOOKS: dict[str, tuple[str, ...]] = {
    "Fiction": (
        "When {name} comes home after twenty years away, an old friendship and a locked diary change everything.",
        "Over one unforgettable summer, {name} learns that the people we lose never quite leave us.",
    ),
    "Children's Stories": (
        "{name} has a big dream and a small problem, and only a little courage can help.",
        "Join {name} on a bedtime adventure full of giggles, friends and gentle surprises.",
    ),
    "Mystery & Thriller": (
        "When {name} finds a coded letter in a second-hand coat, a forgotten crime comes back to life.",
        "Detective {name} has seven days to find the truth before the killer strikes again.",
    ),
    "Fantasy": (
        "Born under a burning star, {name} is the last keeper of a magic everyone else has forgotten.",
        "{name}, a mapmaker's apprentice, draws a door that should not exist, and steps through it.",
    ),
    "Classics": (
        "{name} arrives at a grand country house and soon discovers the secrets behind its polished doors.",
        "Told in letters, the story of {name} follows a young life shaped by ambition, duty and love.",
    ),
}
STORY_TAILS: dict[str, str] = {
    "Fiction": "A tender, beautifully observed novel about family, memory and second chances.",
    "Children's Stories": "A joyful read-aloud picture book with a warm message about kindness and friendship.",
    "Mystery & Thriller": "A twisting, page-turning mystery in which nobody is quite who they seem.",
    "Fantasy": "An epic fantasy of ancient magic, unlikely allies and a kingdom on the brink.",
    "Classics": "A much-loved classic of manners and independence, in a new annotated edition.",
}
HERO_NAMES = ("Ada", "Tom", "Elsie", "Rafi", "Nell", "Oren", "Mira", "Jasper", "Wren", "Kit", "Hazel", "Theo")


def blurb(r: random.Random, top: str, leaf: str, title: str) -> str:
    if top == "School Books":
        grade = re.match(r"Class \d+", title).group(0)
        subject = SCHOOL_SUBJECTS.get(leaf, leaf.lower())
        return r.choice(SCHOOL_BLURBS).format(grade=grade, subject=subject, Subject=subject[0].upper() + subject[1:])
    if top == "College Books":
        return r.choice(COLLEGE_BLURBS).format(subject=COLLEGE_SUBJECTS.get(leaf, leaf.lower()))
    hook = r.choice(STORY_HOOKS[leaf]).format(name=r.choice(HERO_NAMES))
    return f"{hook} {STORY_TAILS[leaf]}"


def book_item(r: random.Random, details: BookDetails, top: CategorySpec, leaf: CategorySpec, title: str) -> Item:
    low, high = PRICES[top.name]
    book = details(top.name, leaf.name, title)
    return Item(
        title=title,
        shop=SHOP,
        category=leaf.slug,
        price=price_tag(r, low, high),
        discount=r.choice(DISCOUNTS),
        stock=stock_level(r),
        description=blurb(r, top.name, leaf.name, title),
        author=", ".join(book.authors),
        unit=r.choice(("pcs", None)),
        book=book,
    )


def build_books(details: BookDetails) -> list[Item]:
    r = rng("books")
    items = [
        book_item(r, details, top, leaf, title)
        for top in CATEGORIES
        for leaf in top.children
        for title in TITLES[leaf.name]
    ]
    picks = r.sample(range(len(items)), FEATURED_COUNT + UNPUBLISHED_COUNT)
    for i in picks[:FEATURED_COUNT]:
        items[i].featured = True
    for i in picks[FEATURED_COUNT:]:
        items[i].published = False
    return items


# SPEC §3: the demo cart holds three items at 250, qty 1. These boxed sets are those items, as real
# products a demo checkout can order (db/queries/cart.py finds them by their price).
BUNDLE_PRICE = Decimal("250.00")
BUNDLE_STOCK = 500
BUNDLE_SUBJECTS = ("engineering", "computer-science", "medicine")


def build_bundles(details: BookDetails) -> list[Item]:
    bundles = []
    for slug in BUNDLE_SUBJECTS:
        leaf = next(child for child in CATEGORIES[1].children if child.slug == slug)
        bundles.append(
            Item(
                title=f"{leaf.name} Complete Course Bundle",
                shop=SHOP,
                category=slug,
                price=BUNDLE_PRICE,
                discount=0,
                stock=BUNDLE_STOCK,
                author="Student Books Editors",
                unit="set",
                book=details.bundle(leaf.name),
                description=f"All eight of our {leaf.name} course texts in one boxed set: "
                + "; ".join(TITLES[leaf.name][:3])
                + " and five more, with a study planner.",
            )
        )
    return bundles


# The first classes' books: with them every class from 1 to 12 has school books to browse.
PRIMARY_TITLES: dict[str, tuple[str, ...]] = {
    "Mathematics": (
        "Class 1 Numbers and Shapes",
        "Class 2 Maths Magic",
        "Class 3 Mathematics Practice Book",
        "Class 4 Fractions and Decimals",
    ),
    "English": ("Class 1 Alphabet and Phonics", "Class 2 English Reader", "Class 3 Grammar Fun"),
    "Science": (
        "Class 1 My First Science Book",
        "Class 2 Plants Around Us",
        "Class 3 Environmental Studies",
        "Class 4 Science Discovery",
    ),
}


def build_primary_books(details: BookDetails) -> list[Item]:
    """Added after the bundles, from a generator of their own: every earlier product keeps its draws."""
    r = rng("primary-books")
    school = CATEGORIES[0]
    return [
        book_item(r, details, school, leaf, title)
        for leaf in school.children
        if leaf.name in PRIMARY_TITLES
        for title in PRIMARY_TITLES[leaf.name]
    ]
