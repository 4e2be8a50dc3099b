"""Writes the example catalogue: 3,000 made-up products, the same every run (fixed seed)."""
import json, random, sys

random.seed(20261124)
CATEGORIES = {
    "Phones": (["Apple", "Samsung", "Google", "Nokia", "Motorola"], ["phone", "smartphone"], 99, 1499),
    "Laptops": (["Apple", "Lenovo", "Dell", "HP", "Asus"], ["laptop", "notebook", "ultrabook"], 299, 3499),
    "Televisions": (["Samsung", "LG", "Sony", "Philips", "TCL"], ["television", "smart TV", "OLED TV"], 199, 4999),
    "Headphones": (["Sony", "Bose", "Apple", "Sennheiser", "JBL"], ["headphones", "earbuds", "headset"], 19, 599),
    "Cameras": (["Canon", "Nikon", "Sony", "Fujifilm", "Panasonic"], ["camera", "mirrorless camera", "compact camera"], 149, 3999),
    "Watches": (["Apple", "Garmin", "Samsung", "Fossil", "Casio"], ["smartwatch", "watch", "fitness tracker"], 29, 999),
    "Speakers": (["JBL", "Bose", "Sonos", "Marshall", "Ultimate Ears"], ["speaker", "soundbar", "portable speaker"], 29, 1299),
    "Tablets": (["Apple", "Samsung", "Lenovo", "Amazon", "Microsoft"], ["tablet", "e-reader"], 79, 1899),
}
ADJECTIVES = ["Pro", "Max", "Lite", "Plus", "Mini", "Ultra", "Air", "Neo", "Edge", "Prime"]
COLORS = ["black", "white", "silver", "blue", "red", "green", "graphite", "gold"]
FEATURES = ["long battery life", "fast charging", "water resistance", "a bright display", "noise cancelling",
            "wireless connectivity", "a lightweight design", "a premium finish", "voice control", "4K support"]

products = []
for i in range(3000):
    category = random.choice(sorted(CATEGORIES))
    brands, nouns, low, high = CATEGORIES[category]
    brand = random.choice(brands)
    noun = random.choice(nouns)
    model = f"{random.choice(ADJECTIVES)} {random.randint(2, 15)}"
    color = random.choice(COLORS)
    price = round(random.uniform(low, high), 2)
    features = random.sample(FEATURES, 2)
    products.append({
        "objectID": f"p{i:04d}",
        "name": f"{brand} {model} {noun}",
        "brand": brand,
        "category": category,
        "color": color,
        "price": price,
        "rating": round(random.uniform(2.5, 5.0), 1),
        "reviews": random.randint(0, 5000),
        "inStock": random.random() > 0.15,
        "description": f"A {color} {noun} from {brand} with {features[0]} and {features[1]}.",
    })
json.dump(products, sys.stdout, indent=None, separators=(",", ":"))
