import { count } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  attributeGroups,
  attributes,
  categories,
  categoryAttributeGroups,
  expansionPacks,
  rejectionCategories,
  rejectionReasons,
  themes,
} from '../db/schema/index';

/** Attribute groups: name, type (8 = tags) and their attributes. */
const GROUPS = {
  style: { name: 'Style', type: 8, values: ['Modern', 'Contemporary', 'Rustic', 'Industrial', 'Vintage', 'Shabby Chic', 'Minimalist', 'Boho', 'Scandinavian', 'Art Deco', 'Cottagecore', 'Mid-Century'] },
  room: { name: 'Room', type: 8, values: ['Living Room', 'Bedroom', 'Kitchen', 'Bathroom', 'Dining Room', 'Outdoor', 'Kids Room', 'Study', 'Nursery'] },
  clothing: { name: 'Occasion', type: 8, values: ['Everyday', 'Party', 'Work', 'Festive', 'Summer', 'Winter', 'Sleep', 'Athletic'] },
  hair: { name: 'Hair style', type: 8, values: ['Long', 'Medium', 'Short', 'Curly', 'Straight', 'Wavy', 'Updo', 'Braids', 'Ponytail'] },
  cas: { name: 'Look', type: 8, values: ['Natural', 'Glam', 'Fantasy', 'Goth', 'Everyday', 'Editorial'] },
  lot: { name: 'Lot style', type: 8, values: ['Family Home', 'Starter Home', 'Mansion', 'Eco', 'Spooky', 'Apartment', 'Café', 'Park', 'Gym', 'Library'] },
  sim: { name: 'Sim style', type: 8, values: ['Realistic', 'Alien', 'Vampire', 'Celebrity', 'Family', 'Elder', 'Fantasy'] },
  mod: { name: 'Mod type', type: 8, values: ['Gameplay', 'Career', 'Traits', 'Interface', 'Cheats', 'Bug fix', 'Aspirations'] },
  color: { name: 'Color', type: 1, values: ['Black', 'White', 'Grey', 'Brown', 'Beige', 'Red', 'Pink', 'Orange', 'Yellow', 'Green', 'Blue', 'Purple', 'Multicolor'] },
  age: { name: 'Age', type: 2, values: ['Infant', 'Toddler', 'Child', 'Teen', 'Young Adult', 'Adult', 'Elder'] },
  gender: { name: 'Gender', type: 3, values: ['Female', 'Male', 'Unisex'] },
} as const;
type GroupKey = keyof typeof GROUPS;

/** The category tree: top node → second level → third level, each third level with its groups in step order. */
const TREE: Record<string, Record<string, { leaves: string[]; groups: GroupKey[] }>> = {
  CONTENT: {
    'Living Room': { leaves: ['Sofas', 'Armchairs', 'Coffee Tables', 'End Tables', 'Bookcases', 'Entertainment'], groups: ['style', 'room', 'color'] },
    Bedroom: { leaves: ['Beds', 'Dressers', 'Nightstands', 'Wardrobes', 'Vanities'], groups: ['style', 'room', 'color'] },
    Kitchen: { leaves: ['Counters', 'Cabinets', 'Appliances', 'Islands', 'Kitchen Clutter'], groups: ['style', 'room', 'color'] },
    Bathroom: { leaves: ['Toilets', 'Showers and Tubs', 'Sinks', 'Bathroom Clutter'], groups: ['style', 'room', 'color'] },
    Decor: { leaves: ['Plants', 'Wall Art', 'Rugs', 'Mirrors', 'Clutter', 'Curtains'], groups: ['style', 'room', 'color'] },
    Lighting: { leaves: ['Ceiling Lights', 'Floor Lamps', 'Table Lamps', 'Wall Lights'], groups: ['style', 'room', 'color'] },
    Build: { leaves: ['Walls', 'Floors', 'Doors', 'Windows', 'Arches', 'Roofs', 'Fences', 'Stairs'], groups: ['style', 'color'] },
    Clothing: { leaves: ['Tops', 'Bottoms', 'Full Body', 'Shoes', 'Outerwear', 'Sleepwear', 'Swimwear'], groups: ['clothing', 'age', 'gender', 'color'] },
    Hair: { leaves: ['Female Hair', 'Male Hair', 'Child Hair', 'Facial Hair'], groups: ['hair', 'age', 'gender', 'color'] },
    Accessories: { leaves: ['Jewelry', 'Glasses', 'Hats', 'Bags'], groups: ['cas', 'age', 'gender', 'color'] },
    'Makeup and Skin': { leaves: ['Eyeshadow', 'Lipstick', 'Blush', 'Skin Details', 'Skin Tones', 'Eyes'], groups: ['cas', 'age', 'gender'] },
    'Lots and Rooms': { leaves: ['Residential Lots', 'Community Lots', 'Apartments', 'Rooms'], groups: ['lot', 'style'] },
    Sims: { leaves: ['Single Sims', 'Households', 'Pets'], groups: ['sim', 'age', 'gender'] },
    Mods: { leaves: ['Gameplay Mods', 'Script Mods', 'Tuning Mods', 'Overrides'], groups: ['mod'] },
  },
  SET: {
    'Furniture Sets': { leaves: ['Living Room Sets', 'Bedroom Sets', 'Kitchen Sets', 'Bathroom Sets', 'Dining Sets', 'Outdoor Sets', 'Kids Sets'], groups: ['style', 'room', 'color'] },
    'Fashion Sets': { leaves: ['Outfit Sets', 'Accessory Sets', 'Makeup Sets'], groups: ['clothing', 'age', 'gender', 'color'] },
    'Build Sets': { leaves: ['Wall and Floor Sets', 'Door and Window Sets'], groups: ['style', 'color'] },
  },
};

const REJECTIONS: Record<string, { name: string; description: string; tags: string[] }[]> = {
  Images: [
    { name: 'Images too small or blurry', description: 'Please upload images of at least 800×600 pixels that show the creation clearly.', tags: ['images'] },
    { name: 'Images do not show the creation', description: 'The first image must show the creation itself, in the game.', tags: ['images'] },
    { name: 'Watermark of another site', description: 'Images may not carry watermarks or logos of other sites.', tags: ['images', 'policy'] },
  ],
  Files: [
    { name: 'Package does not load', description: 'The game reports an error when loading the package. Please re-export it and upload again.', tags: ['files', 'testing'] },
    { name: 'Missing mesh', description: 'A recolour needs its mesh: add it as a required item or include it.', tags: ['files'] },
    { name: 'Duplicate upload', description: 'This creation was uploaded before. Please send an update request instead.', tags: ['files'] },
  ],
  Details: [
    { name: 'Description too short', description: 'Please describe the creation in at least five words: what it is and how it is used.', tags: ['details'] },
    { name: 'Wrong category', description: 'Please choose the category that matches the creation.', tags: ['details'] },
    { name: 'Missing credits', description: 'Please credit the creators of meshes or textures you used.', tags: ['details', 'policy'] },
  ],
  Policy: [
    { name: "Contains other creators' content", description: 'Creations may only contain your own work or work you may share.', tags: ['policy'] },
    { name: 'Not exclusive', description: 'The creation was marked exclusive but is available elsewhere.', tags: ['policy'] },
    { name: 'Inappropriate content', description: 'The creation does not follow the community guidelines.', tags: ['policy'] },
  ],
};

const THEMES = ['Halloween', 'Christmas', 'Summer', 'Spring', "Valentine's Day", 'Pride', 'Back to School', 'Lunar New Year'];

/** Sims 4 packs: expansion (EP), game (GP) and stuff (SP) packs. */
const PACKS: [string, string][] = [
  ['EP', 'Get to Work'], ['EP', 'Get Together'], ['EP', 'City Living'], ['EP', 'Cats & Dogs'], ['EP', 'Seasons'],
  ['EP', 'Get Famous'], ['EP', 'Island Living'], ['EP', 'Discover University'], ['EP', 'Eco Lifestyle'],
  ['EP', 'Snowy Escape'], ['EP', 'Cottage Living'], ['EP', 'High School Years'], ['EP', 'Growing Together'],
  ['EP', 'Horse Ranch'], ['EP', 'For Rent'], ['EP', 'Lovestruck'], ['EP', 'Life & Death'],
  ['GP', 'Outdoor Retreat'], ['GP', 'Spa Day'], ['GP', 'Dine Out'], ['GP', 'Vampires'], ['GP', 'Parenthood'],
  ['GP', 'Jungle Adventure'], ['GP', 'StrangerVille'], ['GP', 'Realm of Magic'], ['GP', 'Dream Home Decorator'],
  ['GP', 'My Wedding Stories'], ['GP', 'Werewolves'],
  ['SP', 'Luxury Party Stuff'], ['SP', 'Perfect Patio Stuff'], ['SP', 'Cool Kitchen Stuff'], ['SP', 'Spooky Stuff'],
  ['SP', 'Tiny Living'], ['SP', 'Nifty Knitting'],
];

/** The catalog a portal runs with: categories, attribute groups, rejection reasons, themes, packs. */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) > 0) return;

  const groupIds = {} as Record<GroupKey, number>;
  for (const [key, group] of Object.entries(GROUPS) as [GroupKey, (typeof GROUPS)[GroupKey]][]) {
    const [row] = await db
      .insert(attributeGroups)
      .values({ attribute_group_name: group.name, attribute_type_id: group.type })
      .returning({ id: attributeGroups.id });
    groupIds[key] = row!.id;
    await db.insert(attributes).values(group.values.map((name) => ({ attribute_group_id: row!.id, name })));
  }

  let ord = 0;
  for (const [top, seconds] of Object.entries(TREE)) {
    const [topRow] = await db.insert(categories).values({ name: top, ord: ord++ }).returning({ id: categories.id });
    let secondOrd = 0;
    for (const [second, { leaves, groups }] of Object.entries(seconds)) {
      const [secondRow] = await db
        .insert(categories)
        .values({ name: second, parent_category_id: topRow!.id, ord: secondOrd++ })
        .returning({ id: categories.id });
      const leafRows = await db
        .insert(categories)
        .values(leaves.map((name, i) => ({ name, parent_category_id: secondRow!.id, ord: i })))
        .returning({ id: categories.id });
      await db.insert(categoryAttributeGroups).values(
        leafRows.flatMap((leaf) =>
          groups.map((g, step) => ({ category_id: leaf.id, attribute_group_id: groupIds[g], step_order: step + 1 })),
        ),
      );
    }
  }

  for (const [name, reasons] of Object.entries(REJECTIONS)) {
    const [cat] = await db.insert(rejectionCategories).values({ name }).returning({ id: rejectionCategories.id });
    await db.insert(rejectionReasons).values(reasons.map((r) => ({ ...r, rejection_category_id: cat!.id, games: [4] })));
  }
  await db.insert(themes).values(THEMES.map((name) => ({ name })));
  await db.insert(expansionPacks).values(PACKS.map(([type, name]) => ({ game: 4, type, name })));
}
