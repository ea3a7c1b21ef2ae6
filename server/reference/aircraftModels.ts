// Aircraft model names as registries and data extracts write them (e.g. the FAA registry's
// "AIRBUS A320-232", "EMBRAER ERJ 190-100 IGW") to IATA type codes, for schedules that name the
// model rather than the type. First match wins; unknown models give no type.
const MODEL_TYPES: Array<[RegExp, string]> = [
  [/A319/, '319'],
  [/A320/, '320'],
  [/A321/, '321'],
  [/A330-2/, '332'],
  [/A330-3/, '333'],
  [/A350-9/, '359'],
  [/A380/, '388'],
  [/ERJ 170|ERJ-170|E170/, 'E70'],
  [/ERJ 175|E175/, 'E75'],
  [/ERJ 190|E190/, 'E90'],
  [/ERJ 195|E195/, 'E95'],
  [/CL-600-2D24|CRJ-?900/, 'CR9'],
  [/CL-600-2C10|CRJ-?700/, 'CR7'],
  [/737-7/, '73G'],
  [/737-8/, '738'],
  [/737-9/, '739'],
  [/717/, '717'],
  [/MD-88/, 'M88'],
  [/MD-90/, 'M90'],
  [/757-2/, '752'],
  [/757-3/, '753'],
  [/767-3/, '763'],
  [/767-4/, '764'],
  [/777-2/, '772'],
  [/777-3/, '77W'],
  [/787-8/, '788'],
  [/787-9/, '789'],
  [/747-4/, '744'],
];

export function aircraftTypeOfModel(model: string): string | undefined {
  const upper = model.toUpperCase();
  return MODEL_TYPES.find(([pattern]) => pattern.test(upper))?.[1];
}
