import type { SeedCategory } from './types.ts';

/** The demo category tree (two levels: a product belongs to a child). */
export const CATEGORIES: SeedCategory[] = [
  { name: 'Infection control', children: ['Gloves', 'Masks', 'Disinfectants', 'Hand hygiene', 'Sterilisation pouches', 'Sterilisation indicators', 'Barriers', 'Handpiece care'] },
  { name: 'Anaesthesia', children: ['Cartridges', 'Needles', 'Topical anaesthetics'] },
  {
    name: 'Restorative',
    children: ['Composites', 'Flowable composites', 'Bonding agents', 'Etchants', 'Glass ionomers', 'Matrices', 'Finishing', 'Liners', 'Temporary fillings', 'Rubber dam', 'Amalgam'],
  },
  { name: 'Endodontics', children: ['Files', 'Obturation', 'Sealers', 'Irrigants', 'Paper points', 'Medicaments'] },
  { name: 'Impression', children: ['Alginate', 'VPS', 'Polyether', 'Trays', 'Bite registration', 'Mixing tips'] },
  { name: 'Preventive', children: ['Prophy paste', 'Prophy angles', 'Fluoride', 'Sealants', 'Whitening', 'Desensitisers'] },
  { name: 'Surgical', children: ['Sutures', 'Blades', 'Haemostatics', 'Bone grafts', 'Membranes', 'Irrigation'] },
  { name: 'Implants', children: ['Fixtures', 'Healing abutments', 'Cover screws', 'Impression copings', 'Abutments', 'Drills'] },
  { name: 'Orthodontics', children: ['Brackets', 'Archwires', 'Elastics', 'Bands', 'Adhesives', 'Retainer materials'] },
  { name: 'Radiography', children: ['Sensor sleeves', 'Films', 'Phosphor plate covers', 'Positioners'] },
  { name: 'Disposables', children: ['Bibs', 'Cups', 'Saliva ejectors', 'HVE tips', 'Cotton rolls', 'Gauze', 'Syringe tips', 'Microbrushes'] },
  { name: 'Burs', children: ['Diamond burs', 'Carbide burs', 'Surgical burs'] },
  { name: 'Prosthodontics', children: ['Cements', 'Temporary crowns', 'Retraction', 'Crown forms', 'Denture materials'] },
];
