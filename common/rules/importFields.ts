// The flight fields an import rule sets. A flight whose value the planner set by hand is locked
// (the Flights grid does it as the value is edited), so the next run of the rules keeps it.
export const IMPORT_FIELDS = ['terminal_id', 'zone_id', 'makeup_zone_id', 'load_factor', 'turnup_profile_id', 'sector'] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

export const isImportField = (field: string): field is ImportField => (IMPORT_FIELDS as readonly string[]).includes(field);
