/** A custom hat request as the /custom page's script sends it (SPEC 7): POST /api/custom-orders. */
export const customRequest = {
  name: "Ayu Lestari",
  email: "ayu@example.com",
  phone: "",
  hatType: "Fedora",
  material: "Straw",
  size: "58 cm",
  color: "",
  details: "A fedora with a wide band",
  budget: "",
  timeline: "3-4 weeks",
  referenceImages: [] as string[],
};
