// Typical seat counts of common aircraft types (IATA codes), for flights whose schedule gives
// no seats: an editable starting point, not a truth. Values are common two-class layouts of
// the type as published by manufacturers and large operators.
export const TYPICAL_SEATS: Record<string, number> = {
  '319': 128,
  '320': 150,
  '321': 185,
  '32N': 165,
  '32Q': 195,
  '318': 107,
  '332': 250,
  '333': 290,
  '338': 250,
  '339': 290,
  '359': 310,
  '351': 350,
  '388': 510,
  '221': 110,
  '223': 135,
  '73G': 140,
  '738': 165,
  '739': 178,
  '7M8': 172,
  '7M9': 190,
  '733': 130,
  '752': 180,
  '753': 230,
  '762': 210,
  '763': 215,
  '764': 240,
  '772': 300,
  '77L': 300,
  '773': 360,
  '77W': 350,
  '788': 240,
  '789': 280,
  '78J': 310,
  '744': 400,
  '748': 410,
  '717': 110,
  E70: 72,
  E75: 76,
  E90: 98,
  E95: 110,
  E7W: 76,
  ER4: 50,
  ERD: 37,
  CR2: 50,
  CR7: 68,
  CR9: 76,
  CRK: 90,
  DH4: 76,
  AT7: 70,
  AT5: 48,
  M88: 150,
  M90: 160,
  M83: 150,
};

/**
 * The seats of a typical aircraft of each class (an A320, a 787-9), for a flight whose schedule
 * gives neither seats nor a type, when its airline flies too few typed flights of that haul to
 * judge by. Narrow bodies fly up to LONG_HAUL_KM, wide bodies beyond.
 */
export const CLASS_SEATS = { narrow: TYPICAL_SEATS['320'], wide: TYPICAL_SEATS['789'] } as const;

/** About 3,000 statute miles: the range beyond which airlines fly wide bodies. */
export const LONG_HAUL_KM = 4800;
