import type { ProcedureCategory } from '@enamel/contracts';

/** A demo practice and how busy it is. Upserted by `code`; its history is simulated once. */
export interface DemoPractice {
  code: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  timeZone: string;
  currency: string;
  /** Mean procedures on an ordinary open weekday at the start of the history. */
  perDay: number;
  /** Saturday volume relative to an ordinary weekday (0: closed). */
  saturday: number;
  /** Multiplies the catalog's list prices (the catalog is priced in USD). */
  priceFactor: number;
  /** Supplier lead time, in days (an order arrives after min…max days). */
  leadTime: [min: number, max: number];
  /** Procedure categories the practice does not offer. */
  excludes: ProcedureCategory[];
  dentists: string[];
  hygienists: string[];
  /** Products stocked besides those its templates consume. */
  extraProducts: number;
  locations: string[];
}

export const DEMO_PRACTICES: DemoPractice[] = [
  {
    code: 'DEMO-CITY',
    name: 'City Centre Dental Clinic',
    address: '12 Market Street, Manchester M1 1PT, United Kingdom',
    phone: '+44 161 555 0142',
    email: 'frontdesk@citycentre-dental.example',
    timeZone: 'Europe/London',
    currency: 'GBP',
    perDay: 22,
    saturday: 0.3,
    priceFactor: 0.8,
    leadTime: [2, 3],
    excludes: [],
    dentists: ['Dr. Amelia Hart', 'Dr. Rajesh Patel', 'Dr. Sophie Lambert', 'Dr. Tom Okafor'],
    hygienists: ['Hannah Reid (hygienist)', 'Lucy Moreno (hygienist)'],
    extraProducts: 40,
    locations: ['Store room, shelf A', 'Store room, shelf B', 'Surgery 1 cabinet', 'Surgery 2 cabinet', 'Sterilisation room', 'Fridge'],
  },
  {
    code: 'DEMO-NORTH',
    name: 'Northgate Family Dentistry',
    address: '4410 N Lincoln Ave, Chicago, IL 60625, USA',
    phone: '+1 312 555 0187',
    email: 'hello@northgate-dentistry.example',
    timeZone: 'America/Chicago',
    currency: 'USD',
    perDay: 15,
    saturday: 0.2,
    priceFactor: 1,
    leadTime: [2, 4],
    excludes: ['implant_services'],
    dentists: ['Dr. Michael Brennan', 'Dr. Laura Kowalski', 'Dr. Daniel Cho'],
    hygienists: ['Jessica Ramirez, RDH', 'Emily Novak, RDH'],
    extraProducts: 30,
    locations: ['Supply closet', 'Operatory 1', 'Operatory 2', 'Operatory 3', 'Sterilization', 'Lab'],
  },
  {
    code: 'DEMO-COAST',
    name: 'Coastline Dental Care',
    address: '27 Marine Parade, Coogee NSW 2034, Australia',
    phone: '+61 2 5550 1234',
    email: 'reception@coastline-dental.example',
    timeZone: 'Australia/Sydney',
    currency: 'AUD',
    perDay: 11,
    saturday: 0.15,
    priceFactor: 1.5,
    leadTime: [3, 5],
    excludes: ['implant_services', 'orthodontics'],
    dentists: ['Dr. Olivia Nguyen', 'Dr. James Whitfield'],
    hygienists: ['Chloe Sanders (hygienist)'],
    extraProducts: 25,
    locations: ['Store cupboard', 'Surgery A', 'Surgery B', 'Steri bay'],
  },
];

/**
 * How often each procedure code is performed, relative to the others (per procedure of a practice that offers
 * it): check-ups, cleanings and radiographs are everyday work; root canals and implants are rare. A code's
 * weight is shared between its templates; codes not listed weigh `DEFAULT_CODE_WEIGHT`.
 */
export const CODE_WEIGHTS: Record<string, number> = {
  // Diagnostic
  D0120: 22, D0140: 5, D0150: 3, D0180: 1, D0274: 8, D0272: 4, D0210: 1.5, D0220: 7, D0330: 2.5, D0470: 0.3, D0460: 1,
  // Preventive
  D1110: 17, D1120: 4, D1206: 4, D1208: 0.8, D1351: 1.5, D1352: 0.5, D1354: 0.4, D1330: 1,
  // Restorative
  D2391: 3, D2392: 3.5, D2393: 1.8, D2394: 0.6, D2330: 1.2, D2331: 1, D2332: 0.5, D2335: 0.4, D2140: 0.3, D2150: 0.3,
  D2940: 0.8, D2950: 0.8, D2954: 0.3, D2740: 1.4, D2750: 0.4, D2920: 0.4, D2930: 0.3, D2962: 0.3,
  // Endodontics
  D3330: 0.35, D3320: 0.3, D3310: 0.25, D3348: 0.06, D3220: 0.2, D3221: 0.3, D3110: 0.3, D3410: 0.04,
  // Periodontics
  D4341: 1.5, D4342: 0.8, D4910: 2.5, D4355: 0.4, D4249: 0.1, D4273: 0.08, D4211: 0.1,
  // Prosthodontics
  D5110: 0.1, D5120: 0.1, D5730: 0.1, D5410: 0.4, D5850: 0.15, D6740: 0.15,
  // Implants
  D6010: 0.15, D6011: 0.1, D6065: 0.2, D6104: 0.05, D6080: 0.3,
  // Oral surgery
  D7140: 2, D7210: 0.6, D7240: 0.2, D7230: 0.2, D7953: 0.15, D9930: 0.1, D7510: 0.1, D7960: 0.05,
  // Orthodontics
  D8080: 0.1, D8090: 0.05, D8670: 2, D8680: 0.1, D8703: 0.1,
  // Adjunctive
  D9110: 0.8, D9215: 0.5, D9944: 0.3, D9972: 0.2, D9975: 0.3, D9910: 0.6, D9911: 0.3,
};
export const DEFAULT_CODE_WEIGHT = 0.2;

/** Codes a hygienist usually performs. */
export const HYGIENE_CODES = new Set(['D1110', 'D1120', 'D1206', 'D1208', 'D1330', 'D4341', 'D4342', 'D4355', 'D4910', 'D6080']);
