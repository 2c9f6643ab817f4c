/** SPEC 5: the custom order form's choices (stored as these English names; the page translates them). */
export const hatTypes = ["Sun Hat", "Beach Hat", "Fedora", "Panama Hat", "Bucket Hat", "Wide Brim Hat", "Other"] as const;
export const materials = ["Straw", "Woven Palm Leaf", "Fabric", "Mixed Materials", "Other"] as const;
export const timelines = ["1-2 weeks", "3-4 weeks", "1-2 months", "Flexible"] as const;
