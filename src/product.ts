// The product's name, used by the title bar, the document title and the sign-in screen.
export const PRODUCT_NAME = 'Airport Planner';
