import type { SeedTemplate } from './types.ts';

/**
 * Procedure templates: the consumables one procedure uses, in the products' usage units. Shared kits (gloves,
 * isolation, anaesthesia…) are composed; a product in two kits of one template has its quantities added.
 */

type Item = [sku: string, quantity: string];

/** Adds quantities of the same SKU (exact, in ten-thousandths). */
function kit(...parts: Item[][]): Item[] {
  const totals = new Map<string, number>();
  for (const [sku, quantity] of parts.flat()) {
    const [whole, fraction = ''] = quantity.split('.');
    const tenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
    totals.set(sku, (totals.get(sku) ?? 0) + tenThousandths);
  }
  return [...totals].map(([sku, n]) => {
    const fraction = String(n % 10_000).padStart(4, '0').replace(/0+$/, '');
    return [sku, fraction ? `${Math.floor(n / 10_000)}.${fraction}` : String(Math.floor(n / 10_000))];
  });
}

// Kits
const exam: Item[] = [['MED-NIT-M', '2'], ['MED-MSK-L2', '1'], ['MED-BIB-WHI', '1'], ['MED-CUP-5', '1'], ['DUR-FD333-W', '1'], ['MED-HRC', '1']];
const chairside: Item[] = [
  ['MED-NIT-M', '4'], ['MED-MSK-L2', '2'], ['MED-BIB-WHI', '1'], ['MED-CUP-5', '1'], ['MED-SE-CLE', '1'], ['MED-HVE-STD', '1'],
  ['HS-AWT-PLS', '1'], ['HS-BAR-FILM', '4'], ['MED-HRC', '1'], ['DUR-FD333-W', '2'], ['MED-POU-90x230', '1'],
];
const surgical: Item[] = [
  ['HAL-STR-7.0', '2'], ['MED-NIT-M', '2'], ['MED-MSK-L3', '2'], ['MED-BIB-BLU', '1'], ['HS-SE-SURG', '1'], ['HS-BAR-FILM', '6'],
  ['MED-HRC', '1'], ['DUR-FD333-W', '2'], ['MED-POU-135x260', '2'], ['HS-GAU-ST', '4'], ['HS-CHX-012', '15'], ['HS-NACL-250', '50'],
];
const numbing = (cartridges: string, needle = 'SEP-NDL-27GSH'): Item[] => [['HS-TOP-Cherry', '0.2'], ['SEP-SEPT-100', cartridges], [needle, '1'], ['MIC-BRU-REG', '1']];
const blockNumbing = (cartridges: string): Item[] => [['HS-TOP-Cherry', '0.2'], ['SEP-LIGN-80', cartridges], ['SEP-NDL-27GLO', '1'], ['MIC-BRU-REG', '1']];
const isolation: Item[] = [['COL-DAM-MED', '1'], ['HS-DAM-FLO', '0.01'], ['HS-CR-2', '2'], ['HS-DRY-TIP', '2']];
const cottonIsolation: Item[] = [['HS-CR-2', '4'], ['HS-DRY-TIP', '2']];
const adhesive: Item[] = [['ULT-ETCH-4', '0.1'], ['3M-SBU-5', '0.05'], ['MIC-BRU-FIN', '2']];
const finishing: Item[] = [['3M-SFL-FI', '2'], ['3M-SFL-SU', '2'], ['DS-POGO-PT', '1'], ['HS-ART-PAP', '2']];
const posteriorMatrix: Item[] = [['GAR-BND-55', '1'], ['GAR-WDG-M', '1']];
const anteriorMatrix: Item[] = [['DIR-MYL-STR', '1'], ['HS-WDG-WOOD', '1'], ['3M-SFL-STR', '1']];
const cutting: Item[] = [['HW-DIA-801014', '0.2'], ['HS-CAR-330', '0.2'], ['HS-CAR-4', '0.2']];
const crownPrep: Item[] = [['HW-DIA-856016', '0.25'], ['HW-DIA-862012', '0.25'], ['HW-DIA-862012F', '0.25'], ['ULT-UPK-00', '0.1'], ['ULT-VISC-30', '0.3']];
const vpsImpression: Item[] = [['DS-AQU-HB', '12'], ['DS-AQU-LV', '5'], ['HS-MIX-GRN', '1'], ['HS-MIX-YEL', '1'], ['HS-INT-TIP', '1'], ['PRE-TRI-POS', '1'], ['DS-REG-BITE', '3']];
const temporaryCrown: Item[] = [['3M-PRO4-A2', '2'], ['3M-RXT-NE', '0.5'], ['HS-ART-PAP', '1']];
const alginateImpressions: Item[] = [['DS-BLU-500', '40'], ['HS-TRY-MU', '1'], ['HS-TRY-ML', '1'], ['DS-REG-BITE', '3']];
const endoAccess: Item[] = [['HW-DIA-801014', '0.2'], ['HS-CAR-557', '0.2'], ['SEP-PARC-5', '15'], ['ULT-EDTA-18', '3'], ['ULT-NAV-30', '2'], ['HS-IRR-SYR', '2']];
const endoClose: Item[] = [['DS-AHP-KIT', '0.2'], ['COL-GP-ACC', '3'], ['3M-CAV-TUB', '0.5'], ['HS-SSL-2', '3']];
const prophy: Item[] = [['YNG-ANG-SOFT', '1'], ['DS-NUP-M', '1'], ['HS-GAU-5X5', '2'], ['HS-FLS-AMB', '1']];
const extractionWound: Item[] = [['HS-GAU-5X5', '6'], ['HS-PGA-4-0', '1'], ['ETH-SPON-STD', '1']];
const orthoBonding: Item[] = [['3M-SCE-3', '0.3'], ['3M-TBX-PRM', '0.1'], ['3M-TBX-SYR', '0.6'], ['MIC-BRU-REG', '2'], ['HS-CR-2', '6'], ['HS-DRY-TIP', '2']];
const implantSurgery: Item[] = [['HS-NACL-1L', '500'], ['WH-IRR-TUBE', '1'], ['HS-BLD-15C', '1'], ['ETH-MON-5', '1'], ['HF-PTFE-4', '1']];

const composite = (shadeSku: string, grams: string): Item[] => [[shadeSku, grams]];

export const TEMPLATES: SeedTemplate[] = [
  // Diagnostic
  { name: 'Periodic exam', code: 'D0120', description: 'Recall check-up at the chair.', items: kit(exam) },
  { name: 'Limited exam, one problem', code: 'D0140', description: 'Emergency or single-complaint exam.', items: kit(exam, [['HS-CR-2', '2']]) },
  { name: 'New patient exam', code: 'D0150', description: 'Full exam with charting and gum screening.', items: kit(exam, [['HS-GAU-5X5', '2'], ['HS-CR-2', '2']]) },
  { name: 'Gum exam, full charting', code: 'D0180', description: 'Six-point pocket charting.', items: kit(exam, [['HS-GAU-5X5', '4'], ['HS-AWT-PLS', '1']]) },
  { name: 'Bitewings, four (sensor)', code: 'D0274', description: 'Four bitewings with a digital sensor.', items: kit([['MED-NIT-M', '2'], ['HS-SSL-2', '4'], ['DS-XCP-BW', '2'], ['HS-THY-COL', '1'], ['DUR-FD333-W', '1']]) },
  { name: 'Bitewings, four (phosphor plates)', code: 'D0274', description: 'Four bitewings on phosphor plates.', items: kit([['MED-NIT-M', '2'], ['DUR-PSP-2', '4'], ['HS-BWT-TAB', '4'], ['HS-THY-COL', '1'], ['DUR-FD333-W', '1']]) },
  { name: 'Bitewings, two (sensor)', code: 'D0272', description: 'Two bitewings with a digital sensor.', items: kit([['MED-NIT-M', '2'], ['HS-SSL-2', '2'], ['DS-XCP-BW', '2'], ['HS-THY-COL', '1']]) },
  { name: 'Full-mouth X-rays', code: 'D0210', description: 'Periapicals and bitewings, sensor.', items: kit([['MED-NIT-M', '2'], ['HS-SSL-1', '8'], ['HS-SSL-2', '10'], ['DS-XCP-BW', '4'], ['HS-THY-COL', '1'], ['DUR-FD333-W', '2']]) },
  { name: 'Periapical X-ray', code: 'D0220', description: 'One periapical with a positioner.', items: kit([['MED-NIT-M', '2'], ['HS-SSL-2', '1'], ['HS-THY-COL', '1'], ['DUR-FD333-W', '1']]) },
  { name: 'Panoramic X-ray', code: 'D0330', description: 'Bite block cover and chin rest barrier.', items: kit([['MED-NIT-M', '2'], ['HS-BAR-FILM', '2'], ['DUR-FD333-W', '1']]) },
  { name: 'Study models', code: 'D0470', description: 'Upper and lower alginate impressions with a bite.', items: kit(exam, alginateImpressions) },
  { name: 'Pulp vitality test', code: 'D0460', description: 'Cold test with isolation.', items: kit(exam, [['HS-CR-2', '2'], ['HS-GAU-5X5', '1']]) },

  // Preventive
  { name: 'Scale and polish, adult', code: 'D1110', description: 'Ultrasonic and hand scaling, polish, floss.', items: kit(chairside, prophy) },
  { name: 'Scale and polish, child', code: 'D1120', description: 'Polish and light scaling for a child.', items: kit(chairside, [['YNG-ANG-SOFT', '1'], ['YNG-PRO-F', '1'], ['HS-GAU-5X5', '2']]) },
  { name: 'Fluoride varnish (tube)', code: 'D1206', description: 'Varnish painted from the tube.', items: kit(exam, [['COL-DUR-MIN', '0.4'], ['MIC-BRU-REG', '1'], ['HS-GAU-5X5', '2']]) },
  { name: 'Fluoride varnish (unit dose)', code: 'D1206', description: 'Single-dose varnish.', items: kit(exam, [['3M-VAN-MIN', '1'], ['HS-GAU-5X5', '2']]) },
  { name: 'Fluoride foam in trays', code: 'D1208', description: 'APF foam, four minutes in trays.', items: kit(exam, [['HS-FOAM-APF', '4'], ['HS-TRY-FLU', '2'], ['MED-SE-CLE', '1']]) },
  { name: 'Fissure sealant, per tooth', code: 'D1351', description: 'Etch, rinse, dry, seal and cure.', items: kit(exam, cottonIsolation, [['ULT-ETCH-4', '0.05'], ['3M-CLI-SEAL', '0.1'], ['MIC-BRU-FIN', '1'], ['HS-ART-PAP', '1']]) },
  { name: 'Preventive resin filling', code: 'D1352', description: 'Minimal preparation, flowable and sealant.', items: kit(chairside, cottonIsolation, adhesive, [['3M-FSF-A2', '0.1'], ['3M-CLI-SEAL', '0.1'], ['HS-CAR-2', '0.2']]) },
  { name: 'Silver diamine fluoride', code: 'D1354', description: 'Caries arrest, per tooth.', items: kit(exam, [['SAF-SDF-38', '0.05'], ['MIC-BRU-FIN', '1'], ['HS-CR-2', '2']]) },
  { name: 'Hygiene coaching', code: 'D1330', description: 'Brushing and flossing coaching with take-home kit.', items: kit([['MED-NIT-M', '2'], ['MED-BIB-WHI', '1'], ['SAF-TOOTHBR', '1'], ['HS-FLS-AMB', '2']]) },

  // Restorative
  { name: 'Posterior composite, one surface', code: 'D2391', description: 'Class I composite under rubber dam.', items: kit(chairside, numbing('1'), isolation, cutting, adhesive, composite('3M-FSU-A2', '0.25'), finishing) },
  { name: 'Posterior composite, two surfaces', code: 'D2392', description: 'Class II composite with a sectional matrix.', items: kit(chairside, numbing('1'), isolation, cutting, adhesive, posteriorMatrix, composite('3M-FSU-A2', '0.45'), finishing) },
  { name: 'Posterior composite, three surfaces', code: 'D2393', description: 'MOD composite with two sectional matrices.', items: kit(chairside, numbing('1.5'), isolation, cutting, adhesive, posteriorMatrix, posteriorMatrix, composite('3M-FSU-A2', '0.6'), finishing) },
  { name: 'Posterior composite, four surfaces', code: 'D2394', description: 'Large composite, bulk-fill base.', items: kit(chairside, numbing('2'), isolation, cutting, adhesive, [['HS-TOF-MOD', '1'], ['GAR-WDG-M', '2'], ['DS-SDR-U', '1']], composite('3M-FSU-A2', '0.5'), finishing) },
  { name: 'Posterior composite, two surfaces (bulk fill)', code: 'D2392', description: 'Class II in one bulk-fill increment.', items: kit(chairside, numbing('1'), isolation, cutting, adhesive, posteriorMatrix, composite('IVO-TBF-UNI', '0.45'), finishing) },
  { name: 'Front composite, one surface', code: 'D2330', description: 'Class V or small class III.', items: kit(chairside, numbing('1', 'SEP-NDL-30GSH'), cottonIsolation, cutting, adhesive, [['ULT-UPK-0', '0.05']], composite('TOK-ESQ-A2', '0.15'), finishing) },
  { name: 'Front composite, two surfaces', code: 'D2331', description: 'Class III with a clear strip.', items: kit(chairside, numbing('1', 'SEP-NDL-30GSH'), isolation, cutting, adhesive, anteriorMatrix, composite('TOK-ESQ-A2', '0.25'), finishing) },
  { name: 'Front composite, three surfaces', code: 'D2332', description: 'Larger class III or IV.', items: kit(chairside, numbing('1', 'SEP-NDL-30GSH'), isolation, cutting, adhesive, anteriorMatrix, composite('TOK-ESQ-A2', '0.35'), composite('3M-FSU-WE', '0.1'), finishing) },
  { name: 'Front composite, incisal edge', code: 'D2335', description: 'Edge build-up, layered shades.', items: kit(chairside, numbing('1', 'SEP-NDL-30GSH'), isolation, adhesive, anteriorMatrix, composite('3M-FSU-A2', '0.3'), composite('3M-FSU-WE', '0.15'), finishing, [['SHO-CMP-KIT', '1']]) },
  { name: 'Amalgam, one surface', code: 'D2140', description: 'Class I amalgam.', items: kit(chairside, numbing('1'), cottonIsolation, cutting, [['SDI-GS80-2', '1'], ['HS-ART-PAP', '1']]) },
  { name: 'Amalgam, two surfaces', code: 'D2150', description: 'Class II amalgam with a Tofflemire band.', items: kit(chairside, numbing('1'), cottonIsolation, cutting, [['HS-TOF-UNI', '1'], ['HS-WDG-WOOD', '1'], ['SDI-GS80-3', '1'], ['HS-ART-PAP', '1']]) },
  { name: 'Temporary sedative filling', code: 'D2940', description: 'Glass ionomer or IRM while symptoms settle.', items: kit(chairside, numbing('1'), cottonIsolation, cutting, [['GC-FIX-A3', '1'], ['HS-ART-PAP', '1']]) },
  { name: 'Core build-up', code: 'D2950', description: 'Bonded composite core before a crown.', items: kit(chairside, numbing('1'), isolation, adhesive, [['HS-TOF-UNI', '1'], ['DS-SDR-U', '2'], ['HW-DIA-856016', '0.2']]) },
  { name: 'Post and core, ready-made', code: 'D2954', description: 'Fibre post cemented and core built.', items: kit(chairside, numbing('1'), isolation, adhesive, [['3M-RXU-CLK', '0.3'], ['DS-SDR-U', '1'], ['HS-CAR-2', '0.2']]) },
  { name: 'Ceramic crown, preparation', code: 'D2740', description: 'Preparation, cord, impression, temporary.', items: kit(chairside, numbing('2'), crownPrep, vpsImpression, temporaryCrown) },
  { name: 'Ceramic crown, fit', code: 'D2740', description: 'Try-in and adhesive cementation.', items: kit(chairside, cottonIsolation, [['ULT-ETCH-4', '0.05'], ['3M-RXU-CLK', '0.4'], ['HS-DAM-FLO', '0.01'], ['HS-ART-PAP', '2'], ['DS-POGO-PT', '1']]) },
  { name: 'Porcelain-on-metal crown, preparation', code: 'D2750', description: 'Shoulder preparation, impression, temporary.', items: kit(chairside, numbing('2'), crownPrep, vpsImpression, temporaryCrown) },
  { name: 'Crown re-cemented', code: 'D2920', description: 'Clean and re-cement a loose crown.', items: kit(chairside, cottonIsolation, [['GC-FPL-CAP', '0.3'], ['HS-ART-PAP', '1'], ['HS-DAM-FLO', '0.01']]) },
  { name: 'Steel crown, baby molar', code: 'D2930', description: 'Preformed crown on a primary molar.', items: kit(chairside, numbing('0.5', 'SEP-NDL-30GEX'), cottonIsolation, [['3M-SSC-KIT', '1'], ['3M-KCM-CAP', '1'], ['HW-DIA-862012', '0.2']]) },
  { name: 'Porcelain veneer, preparation', code: 'D2962', description: 'Minimal preparation, impression, temporary.', items: kit(chairside, numbing('1', 'SEP-NDL-30GSH'), [['HW-DIA-856016', '0.25'], ['ULT-UPK-000', '0.05']], vpsImpression, [['3M-PRO4-A1', '1']]) },

  // Endodontics
  { name: 'Root canal, molar (ProTaper Gold)', code: 'D3330', description: 'Rotary shaping, warm vertical fill.', items: kit(chairside, numbing('2'), isolation, endoAccess, endoClose, [['DM-PTG-SX', '1'], ['DM-PTG-S1', '1'], ['DM-PTG-S2', '1'], ['DM-PTG-F1', '1'], ['DM-PTG-F2', '1'], ['DM-KF25-10', '2'], ['DM-KF25-15', '1'], ['DM-GP-PTG-F2', '4'], ['DM-PP-PTG-F2', '8']]) },
  { name: 'Root canal, molar (WaveOne Gold)', code: 'D3330', description: 'Single-file reciprocating shaping.', items: kit(chairside, numbing('2'), isolation, endoAccess, endoClose, [['DM-WOG-GLI', '1'], ['DM-WOG-PRI', '1'], ['DM-KF25-10', '2'], ['DM-GP-WOG-PRI', '4'], ['DM-PP-PTG-F2', '8']]) },
  { name: 'Root canal, molar (HyFlex EDM)', code: 'D3330', description: 'Controlled-memory rotary files.', items: kit(chairside, numbing('2'), isolation, endoAccess, endoClose, [['COL-HFC-2506', '1'], ['COL-HFC-4004', '1'], ['DM-KF25-10', '2'], ['COL-GP-0215', '4'], ['COL-PP-1540', '8']]) },
  { name: 'Root canal, premolar', code: 'D3320', description: 'Two canals, rotary shaping.', items: kit(chairside, numbing('1.5'), isolation, endoAccess, endoClose, [['DM-PTG-S1', '1'], ['DM-PTG-F1', '1'], ['DM-PTG-F2', '1'], ['DM-KF25-10', '1'], ['DM-GP-PTG-F2', '2'], ['DM-PP-PTG-F2', '4']]) },
  { name: 'Root canal, front tooth', code: 'D3310', description: 'One canal, single file.', items: kit(chairside, numbing('1'), isolation, endoAccess, endoClose, [['MM-ONC-25', '1'], ['DM-KF21-15', '1'], ['MM-GP-ONC', '1'], ['MM-PP-ONC', '3']]) },
  { name: 'Root canal redo, molar', code: 'D3348', description: 'Remove old filling, re-shape, re-fill.', items: kit(chairside, numbing('2'), isolation, endoAccess, endoClose, [['DM-HF25-15', '1'], ['DM-HF25-20', '1'], ['DM-PTG-F2', '1'], ['DM-PTG-F3', '1'], ['DM-GP-PTG-F3', '4'], ['DM-PP-PTG-F3', '8'], ['ULT-CHX-2', '5']]) },
  { name: 'Pulpotomy, baby molar', code: 'D3220', description: 'Coronal pulp removed, calcium silicate.', items: kit(chairside, numbing('0.5', 'SEP-NDL-30GEX'), isolation, cutting, [['SEP-BIOD-15', '1'], ['HS-GAU-ST', '2']]) },
  { name: 'Emergency pulp removal', code: 'D3221', description: 'Open, extirpate, dress and seal.', items: kit(chairside, numbing('2'), isolation, endoAccess, [['DM-KF21-15', '1'], ['ULT-CALX-4', '0.5'], ['3M-CAV-TUB', '0.5']]) },
  { name: 'Direct pulp cap', code: 'D3110', description: 'Light-cured calcium silicate over an exposure.', items: kit(chairside, numbing('1'), isolation, [['BIS-THER-LC', '0.1'], ['3M-VIT-KIT', '0.1'], ['HS-CR-2', '2']]) },
  { name: 'Root-end surgery, front tooth', code: 'D3410', description: 'Flap, resection, retrograde fill, sutures.', items: kit(surgical, numbing('3'), [['HS-BLD-15C', '1'], ['DS-PRORT-MTA', '1'], ['ETH-VIC-5-0', '1'], ['ETH-SPON-STD', '1']]) },

  // Periodontics
  { name: 'Deep cleaning, quadrant', code: 'D4341', description: 'Root planing of four or more teeth under local.', items: kit(chairside, blockNumbing('2'), [['HS-GAU-5X5', '6'], ['HS-CHX-012', '15'], ['HS-IRR-SYR', '1']]) },
  { name: 'Deep cleaning, up to three teeth', code: 'D4342', description: 'Root planing of one to three teeth.', items: kit(chairside, numbing('1'), [['HS-GAU-5X5', '4'], ['HS-CHX-012', '10']]) },
  { name: 'Gum maintenance visit', code: 'D4910', description: 'Maintenance after gum treatment.', items: kit(chairside, prophy, [['HS-CHX-012', '10']]) },
  { name: 'Full-mouth debridement', code: 'D4355', description: 'Gross scaling before an exam.', items: kit(chairside, [['HS-GAU-5X5', '6'], ['HS-CHX-012', '15'], ['ACT-AIRF-PWD', '15']]) },
  { name: 'Crown lengthening', code: 'D4249', description: 'Flap and bone re-contouring around one tooth.', items: kit(surgical, numbing('3'), [['HS-BLD-15C', '2'], ['HS-SUR-LIND', '0.2'], ['ETH-VIC-5-0', '1'], ['ETH-SPON-STD', '1']]) },
  { name: 'Connective tissue graft', code: 'D4273', description: 'Palatal graft to a recession.', items: kit(surgical, numbing('4'), [['HS-BLD-15C', '2'], ['ETH-MON-5', '2'], ['ETH-SURG-OR', '1'], ['ZIM-COLLA-PLG', '1']]) },
  { name: 'Gum trimming, up to three teeth', code: 'D4211', description: 'Gingivectomy with a blade.', items: kit(surgical, numbing('2'), [['HS-BLD-15', '1'], ['ETH-SPON-STD', '1']]) },

  // Prosthodontics
  { name: 'Full denture, upper, impressions', code: 'D5110', description: 'Primary impressions and bite for a full denture.', items: kit(exam, [['DS-BLU-500', '30'], ['HS-TRY-MU', '1'], ['3M-EXP-PUT', '20'], ['HS-TRY-ADH', '0.5']]) },
  { name: 'Full denture, lower, impressions', code: 'D5120', description: 'Primary impressions for a lower denture.', items: kit(exam, [['DS-BLU-500', '30'], ['HS-TRY-ML', '1'], ['3M-EXP-PUT', '20'], ['HS-TRY-ADH', '0.5']]) },
  { name: 'Chairside reline, upper', code: 'D5730', description: 'Hard chairside reline.', items: kit(exam, [['GC-RELINE-HD', '12'], ['GC-FIT-CHK', '2'], ['HS-ART-PAP', '2']]) },
  { name: 'Denture adjustment', code: 'D5410', description: 'Ease sore spots and check the bite.', items: kit(exam, [['GC-FIT-CHK', '2'], ['HS-ART-PAP', '2'], ['HS-CRA-8', '0.2']]) },
  { name: 'Denture soft reline', code: 'D5850', description: 'Tissue conditioner under an old denture.', items: kit(exam, [['GC-TIS-COND', '8'], ['GC-FIT-CHK', '1']]) },
  { name: 'Bridge, three units, preparation', code: 'D6740', description: 'Two abutments prepared, impression, temporary bridge.', items: kit(chairside, numbing('3'), crownPrep, crownPrep, vpsImpression, temporaryCrown, [['3M-PRO4-A2', '2']]) },

  // Implant services
  { name: 'Implant placement, Straumann BLT 4.1 × 10', code: 'D6010', description: 'Guided drilling, one implant, closure screw.', items: kit(surgical, numbing('3'), implantSurgery, [['STR-BLT-4110', '1'], ['STR-CS-RC', '1'], ['STR-DRL-PIL', '0.1']]) },
  { name: 'Implant placement, NobelActive RP 4.3 × 10', code: 'D6010', description: 'One implant, cover screw.', items: kit(surgical, numbing('3'), implantSurgery, [['NOB-NA-RP4310', '1'], ['NOB-CS-RP', '1'], ['NOB-DRL-2', '0.1']]) },
  { name: 'Implant placement, BioHorizons Tapered Pro 4.6 × 10.5', code: 'D6010', description: 'One implant with a healing abutment.', items: kit(surgical, numbing('3'), implantSurgery, [['BIOH-TPR-46105', '1'], ['BIOH-HA-45', '1'], ['BIOH-DRL-KIT', '0.05']]) },
  { name: 'Implant uncovering', code: 'D6011', description: 'Second stage: closure screw out, healing abutment in.', items: kit(surgical, numbing('1'), [['STR-HA-RC', '1'], ['HS-BLD-15C', '1'], ['HS-PGA-5-0', '1']]) },
  { name: 'Implant crown, impression', code: 'D6065', description: 'Closed-tray impression of the implant.', items: kit(chairside, [['STR-IC-RC', '1'], ['3M-IMP4-HB', '10'], ['3M-IMP4-LB', '5'], ['HS-MIX-GRN', '1'], ['HS-MIX-YEL', '1'], ['HS-TRY-MU', '1']]) },
  { name: 'Implant crown, fit', code: 'D6065', description: 'Abutment torqued, crown cemented.', items: kit(chairside, [['STR-VAR-RC', '1'], ['PRE-IMPLA-CEM', '0.3'], ['ULT-OPD-GEL', '0.2'], ['HS-ART-PAP', '2']]) },
  { name: 'Bone graft with implant', code: 'D6104', description: 'Xenograft and membrane over a dehiscence.', items: kit(surgical, [['GEI-BIO-05', '1'], ['GEI-BGD-1325', '1'], ['HF-PTFE-4', '1']]) },
  { name: 'Implant maintenance', code: 'D6080', description: 'Clean around implants, glycine air polishing.', items: kit(chairside, [['ACT-AIRF-PWD', '10'], ['HS-GAU-5X5', '4'], ['HS-CHX-012', '10']]) },

  // Oral surgery
  { name: 'Simple extraction', code: 'D7140', description: 'Erupted tooth with forceps and elevators.', items: kit(chairside, numbing('2'), [['HS-GAU-5X5', '6'], ['HS-PGA-4-0', '1'], ['HS-CHX-012', '15']]) },
  { name: 'Simple extraction, no suture', code: 'D7140', description: 'Erupted tooth, socket left to heal with a pack.', items: kit(chairside, numbing('1'), [['HS-GAU-5X5', '6'], ['ETH-SPON-STD', '1']]) },
  { name: 'Surgical extraction', code: 'D7210', description: 'Flap, bone removal or sectioning.', items: kit(surgical, numbing('3'), extractionWound, [['HS-BLD-15', '1'], ['HS-SUR-702L', '0.2']]) },
  { name: 'Wisdom tooth, fully in bone', code: 'D7240', description: 'Full flap, bone removal, sectioning.', items: kit(surgical, blockNumbing('3'), extractionWound, [['HS-BLD-15', '1'], ['HS-SUR-702L', '0.25'], ['BA-SUR-RND', '0.25'], ['HS-NACL-1L', '200'], ['ETH-VIC-3-0', '1']]) },
  { name: 'Wisdom tooth, partly in bone', code: 'D7230', description: 'Flap and sectioning.', items: kit(surgical, blockNumbing('2'), extractionWound, [['HS-BLD-15', '1'], ['HS-SUR-702L', '0.2'], ['HS-NACL-1L', '100']]) },
  { name: 'Socket graft', code: 'D7953', description: 'Ridge preservation after an extraction.', items: kit(surgical, [['GEI-BIO-025', '1'], ['ZIM-COLLA-PLG', '1'], ['HF-PTFE-4', '1']]) },
  { name: 'Dry socket dressing', code: 'D9930', description: 'Irrigate and dress an alveolar osteitis.', items: kit(chairside, numbing('1'), [['SEP-ALVO-12', '0.5'], ['HS-NACL-250', '20'], ['HS-IRR-SYR', '1']]) },
  { name: 'Abscess drainage', code: 'D7510', description: 'Incision and drainage inside the mouth.', items: kit(surgical, numbing('2'), [['HS-BLD-11', '1'], ['HS-GAU-ST', '2']]) },
  { name: 'Frenum release', code: 'D7960', description: 'Frenectomy with sutures.', items: kit(surgical, numbing('2'), [['HS-BLD-15', '1'], ['ETH-VIC-5-0', '1']]) },

  // Orthodontics
  { name: 'Braces on, both arches', code: 'D8080', description: 'Bond brackets and tubes, first wires.', items: kit(chairside, orthoBonding, [['3M-VIC-MBT', '2'], ['AO-BUC-TUB', '1'], ['AO-WIR-014U', '1'], ['AO-WIR-014L', '1'], ['AO-LIG-CLR', '40']]) },
  { name: 'Braces on, ceramic upper', code: 'D8090', description: 'Ceramic upper, metal lower.', items: kit(chairside, orthoBonding, [['3M-CLA-ADV', '1'], ['AO-MINI-MBT', '1'], ['AO-BUC-TUB', '1'], ['AO-WIR-014U', '1'], ['AO-WIR-014L', '1'], ['AO-LIG-CLR', '40']]) },
  { name: 'Braces adjustment', code: 'D8670', description: 'Wire change, new ties.', items: kit(exam, [['AO-WIR-016U', '1'], ['AO-LIG-ASS', '40'], ['AO-PCH-CLR', '0.05']]) },
  { name: 'Braces adjustment, working wires', code: 'D8670', description: 'Rectangular wires and elastics.', items: kit(exam, [['AO-WIR-016022U', '1'], ['AO-WIR-016022L', '1'], ['AO-LIG-ASS', '40'], ['AO-INT-31645', '1']]) },
  { name: 'Braces off and retainers', code: 'D8680', description: 'Debond, polish, bonded and vacuum-formed retainers.', items: kit(chairside, orthoBonding, [['HS-CAR-7901', '0.5'], ['AO-RET-WIR', '1'], ['DS-ESX-030', '2'], ['DS-BLU-500', '40']]) },
  { name: 'Replacement retainer, upper', code: 'D8703', description: 'Impression and vacuum-formed retainer.', items: kit(exam, [['DS-BLU-500', '20'], ['HS-TRY-MU', '1'], ['DS-ESX-030', '1']]) },

  // Adjunctive
  { name: 'Emergency pain relief', code: 'D9110', description: 'Dress a painful tooth or adjust a bite.', items: kit(chairside, numbing('1'), cottonIsolation, [['3M-CAV-TUB', '0.5'], ['HS-ART-PAP', '1']]) },
  { name: 'Numbing with treatment', code: 'D9215', description: 'Extra anaesthetic given during a visit.', items: kit([['SEP-SEPT-100', '1'], ['SEP-NDL-27GSH', '1'], ['HS-TOP-Cherry', '0.2']]) },
  { name: 'Night guard, hard', code: 'D9944', description: 'Impressions and bite for a hard guard.', items: kit(exam, alginateImpressions) },
  { name: 'In-office whitening, upper arch', code: 'D9972', description: 'Resin barrier and 40 % gel.', items: kit(exam, [['ULT-OPA-BOOST', '0.5'], ['ULT-OPD-GEL', '0.5'], ['HS-CR-2', '4']]) },
  { name: 'Take-home whitening, per arch', code: 'D9975', description: 'Tray and gel syringes.', items: kit(exam, [['DS-BLU-500', '20'], ['HS-TRY-MU', '1'], ['DS-TRAY-SHEET', '1'], ['ULT-OPA-PF10', '4']]) },
  { name: 'Sensitivity treatment', code: 'D9910', description: 'Desensitiser painted on exposed dentine.', items: kit(exam, [['KUL-GLU-5', '0.05'], ['MIC-BRU-FIN', '1'], ['HS-CR-2', '2']]) },
  { name: 'Sensitivity sealing, per tooth', code: 'D9911', description: 'Bonded resin over exposed dentine.', items: kit(exam, [['3M-SBU-5', '0.05'], ['3M-FSF-A2', '0.05'], ['MIC-BRU-FIN', '1'], ['HS-CR-2', '2']]) },
];
