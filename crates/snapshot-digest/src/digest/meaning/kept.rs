//! English words the light suffix strip must leave whole: dictionary words whose strip
//! gives another dictionary word of unrelated meaning (`news` is not the plural of `new`,
//! `paper` no form of `pap`), which would otherwise match each other on every page.
//!
//! The list is derived, not chosen: a one-word WordNet 3.1 lemma (`wordnet.tsv`) is kept
//! whole when its light stem is another lemma, neither lists the other among its related
//! words, and Snowball's English stemmer gives the two different stems. The test below
//! derives it again from the table and fails, printing the list, when they differ.

/// Sorted, for binary search.
#[rustfmt::skip]
const KEPT: &[&str] = &[
    "actinomycetales", "after", "afters", "allied", "alter", "anger", "anser", "archer", "auger",
    "balder", "barber", "bared", "baring", "barter", "bather", "baulker", "bawler", "bayer",
    "beaner", "beecher", "beeper", "birder", "biter", "biting", "bitter", "bitters", "bleachers",
    "blighter", "bloomers", "bluffer", "boaster", "boater", "boding", "bonkers", "boomer", "boss",
    "botcher", "bother", "bower", "boxers", "bragger", "bragging", "breaker", "breakers",
    "breeder", "brewer", "brooder", "brother", "buffer", "bunker", "buried", "burred", "burster",
    "buss", "butcher", "caning", "canter", "caper", "career", "caribees", "caries", "caring",
    "carper", "carter", "cater", "cebus", "center", "chaffer", "changer", "charmer", "charter",
    "checkers", "chiller", "cleaners", "clincher", "clinker", "cocker", "coder", "coding",
    "colter", "concessioner", "confectioner", "congeries", "conker", "cooper", "coping", "corner",
    "cosher", "coss", "cower", "crackers", "crasher", "creamer", "crossbreeding", "cured",
    "curing", "curler", "curtiss", "danaus", "dated", "dating", "decipherer", "decker", "dicker",
    "dimer", "diss", "dormer", "dosed", "doss", "dosser", "doting", "douglass", "downer",
    "drawers", "drifter", "drooler", "dryer", "dueler", "duffer", "dumper", "dunkers", "eased",
    "easing", "easter", "egger", "elder", "emphasised", "erring", "ester", "exhibitioner", "faded",
    "fading", "fakeer", "faster", "fated", "fawner", "fess", "fiber", "fixer", "flower", "former",
    "forties", "fowler", "fresher", "frier", "fuller", "gaiter", "gaoler", "gaping", "gates",
    "genus", "glanders", "glower", "graded", "grading", "greater", "grinder", "gripes", "griping",
    "guilder", "halter", "harper", "hated", "hater", "heller", "heming", "hoaxer", "hogged",
    "hoofer", "hooker", "howler", "huffing", "inner", "inning", "interbreeding", "jailer", "jakes",
    "james", "jellied", "jointer", "junkers", "kelter", "kissinger", "lading", "lager", "lapping",
    "lasher", "later", "lates", "lauder", "laver", "layer", "leaders", "leger", "leging", "lesser",
    "lighter", "limber", "limner", "lined", "liner", "linger", "lining", "liter", "liver",
    "living", "loader", "loafer", "loaner", "loather", "lobed", "looper", "looter", "lower",
    "luger", "lumper", "lurcher", "luster", "macer", "mainer", "maker", "making", "maneuverer",
    "manned", "manner", "manners", "masher", "master", "masters", "matcher", "mates", "mating",
    "matted", "matter", "matting", "maulers", "mayer", "miffed", "milker", "miller", "miner",
    "mining", "minter", "mister", "mixer", "molder", "molter", "monied", "mopes", "mother",
    "moulder", "moulter", "mounties", "muller", "muser", "musing", "muss", "mutter", "nearer",
    "needer", "netted", "netting", "news", "nicker", "nigher", "norther", "nosher", "noted",
    "number", "numbers", "offer", "outgoer", "outing", "overheated", "paling", "palmer", "paper",
    "papers", "paries", "paring", "parker", "passer", "pearler", "penning", "pester", "peter",
    "petticoated", "philanderer", "piper", "piping", "pisser", "pitted", "pitting", "planer",
    "plating", "pleader", "plumber", "plumed", "plyer", "plyers", "poler", "ponder", "pouter",
    "power", "prater", "pricker", "primed", "primer", "priming", "prompter", "proper", "pubes",
    "pucker", "puffer", "puss", "quester", "quicker", "rafter", "raging", "ranter", "raped",
    "raper", "rasher", "rating", "reefer", "refer", "render", "restauranter", "revers", "ribes",
    "rider", "riding", "rimed", "riming", "ringer", "roamer", "robed", "rockers", "rockies",
    "rooster", "rooter", "rouser", "sanger", "sass", "sayers", "scabies", "scamper", "scared",
    "scarer", "scarper", "scauper", "schnorrer", "scoter", "scraping", "screamer", "screecher",
    "seeder", "seeker", "sellers", "sensed", "sensing", "setter", "setting", "shamed",
    "shanghaier", "sharper", "shifter", "shiner", "shining", "shnorrer", "shower", "sinker",
    "siss", "skewer", "slacker", "slater", "slating", "slayer", "slicker", "slimed", "sloped",
    "sloping", "snacker", "sneaker", "snicker", "sniper", "snuffer", "soaker", "sober", "soled",
    "sooner", "souther", "spanker", "sparker", "species", "speeder", "spewer", "springer",
    "staffer", "stager", "staging", "staring", "starred", "starring", "starter", "steadied",
    "steiner", "sticker", "stopes", "strayer", "striped", "stripes", "stuffed", "stuffer",
    "stuffing", "succuss", "super", "surfer", "swayer", "switcher", "synthesiser", "tamed",
    "tanker", "taped", "taper", "taping", "tater", "teetotaler", "temper", "tester", "thatcher",
    "thirster", "thrasher", "thresher", "thruster", "tiber", "tiller", "tined", "tinker", "titer",
    "toned", "toper", "toter", "tower", "towner", "treater", "tricker", "troller", "trooper",
    "tubing", "tucker", "turner", "twister", "undercoated", "vaned", "varied", "vaulter",
    "vaunter", "vender", "vexer", "viewers", "voider", "wader", "wager", "wages", "waller",
    "wallpaperer", "wander", "waning", "wanker", "wearied", "weber", "welcher", "welsher",
    "welter", "wester", "whacker", "whiner", "whirler", "whisker", "whiskers", "wilder", "writer",
    "writing", "writings", "yeller", "yielder", "younger",
];

/// Whether the light stem must leave `word` (folded, lowercase) whole.
pub(crate) fn is_kept(word: &str) -> bool {
    KEPT.binary_search(&word).is_ok()
}

#[cfg(test)]
mod tests;
