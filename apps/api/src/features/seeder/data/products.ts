import type { Unit } from '@enamel/contracts';
import type { SeedProduct } from './types.ts';

/**
 * The demo products: sensible packaging and list prices (per purchase unit). Families with sizes or shades are
 * written once and expanded. SKUs are ours (brand prefix + product code); GTINs are generated elsewhere.
 */

type Row = [sku: string, name: string, brand: string, category: string, usage: Unit, purchase: Unit, per: number, price: string, lots: boolean, description?: string];

const product = ([sku, name, brand, category, usageUnit, purchaseUnit, unitsPerPurchaseUnit, purchasePrice, tracksLots, description]: Row): SeedProduct => ({
  sku,
  name,
  brand,
  category,
  usageUnit,
  purchaseUnit,
  unitsPerPurchaseUnit,
  purchasePrice,
  tracksLots,
  description: description ?? null,
});

/** One row per variant: `{v}` in the SKU and name is replaced by the variant (a size, a shade). */
function family(variants: string[], row: Row, skuVariant: (v: string) => string = (v) => v.replace(/[^A-Za-z0-9]/g, '')): Row[] {
  return variants.map((v) => {
    const [sku, name, ...rest] = row;
    return [sku.replace('{v}', skuVariant(v)), name.replace('{v}', v), ...rest] as Row;
  });
}

const GLOVE_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const IC = 'Infection control › ';
const AN = 'Anaesthesia › ';
const RE = 'Restorative › ';
const EN = 'Endodontics › ';
const IM = 'Impression › ';
const PR = 'Preventive › ';
const SU = 'Surgical › ';
const IP = 'Implants › ';
const OR = 'Orthodontics › ';
const RA = 'Radiography › ';
const DI = 'Disposables › ';
const BU = 'Burs › ';
const PS = 'Prosthodontics › ';

const rows: Row[] = [
  // Infection control › Gloves
  ...family(GLOVE_SIZES, ['MED-NIT-{v}', 'SafeTouch nitrile gloves, powder-free, size {v}', 'Medicom', `${IC}Gloves`, 'each', 'box', 100, '8.90', false]),
  ...family(GLOVE_SIZES, ['HAL-PUR-{v}', 'Purple nitrile exam gloves, size {v}', 'Halyard', `${IC}Gloves`, 'each', 'box', 100, '11.40', false]),
  ...family(GLOVE_SIZES, ['CRA-SIL-{v}', 'Silk nitrile gloves, size {v}', 'Cranberry', `${IC}Gloves`, 'each', 'box', 300, '24.50', false]),
  ...family(GLOVE_SIZES, ['HS-NIT-{v}', 'Nitrile exam gloves, blue, size {v}', 'Henry Schein', `${IC}Gloves`, 'each', 'box', 200, '13.75', false]),
  ...family(GLOVE_SIZES, ['MED-LTX-{v}', 'Latex exam gloves, powder-free, size {v}', 'Medicom', `${IC}Gloves`, 'each', 'box', 100, '7.20', false]),
  ...family(['6.0', '6.5', '7.0', '7.5', '8.0', '8.5'], ['HAL-STR-{v}', 'Sterile surgical gloves, size {v}', 'Halyard', `${IC}Gloves`, 'pair', 'box', 50, '62.00', true], (v) => v),
  // Infection control › Masks
  ['MED-MSK-L1', 'Procedure masks, ASTM level 1, ear loops', 'Medicom', `${IC}Masks`, 'each', 'box', 50, '6.40', false],
  ['MED-MSK-L2', 'Procedure masks, ASTM level 2, ear loops', 'Medicom', `${IC}Masks`, 'each', 'box', 50, '8.10', false],
  ['MED-MSK-L3', 'Procedure masks, ASTM level 3, ear loops', 'Medicom', `${IC}Masks`, 'each', 'box', 50, '10.20', false],
  ['CRO-MSK-L3', 'Isolator Plus masks, level 3, fluid shield', 'Crosstex', `${IC}Masks`, 'each', 'box', 40, '12.90', false],
  ['HAL-MSK-FFP2', 'FFP2 respirators, fold-flat', 'Halyard', `${IC}Masks`, 'each', 'box', 35, '38.50', false],
  ['3M-MSK-1870', 'Aura 1870+ N95 respirators', '3M', `${IC}Masks`, 'each', 'box', 20, '44.00', false],
  ['MED-SHD-FS', 'Full face shields, disposable', 'Medicom', `${IC}Masks`, 'each', 'box', 24, '21.60', false],
  ['HS-GWN-ISO', 'Isolation gowns, level 2, universal size', 'Henry Schein', `${IC}Masks`, 'each', 'case', 50, '42.00', false],
  // Infection control › Disinfectants
  ['DUR-FD333-W', 'FD 333 surface disinfection wipes, canister', 'Dürr Dental', `${IC}Disinfectants`, 'each', 'pack', 120, '14.90', true],
  ['DUR-FD333-1L', 'FD 333 surface disinfectant spray, 1 l', 'Dürr Dental', `${IC}Disinfectants`, 'ml', 'bottle', 1000, '17.50', true],
  ['DUR-FD366-W', 'FD 366 sensitive wipes, alcohol-free', 'Dürr Dental', `${IC}Disinfectants`, 'each', 'pack', 100, '16.80', true],
  ['DUR-ID213-2L', 'ID 213 instrument disinfection concentrate, 2 l', 'Dürr Dental', `${IC}Disinfectants`, 'ml', 'bottle', 2000, '58.00', true],
  ['DUR-ORO-2L', 'Orotol plus suction disinfection, 2.5 l', 'Dürr Dental', `${IC}Disinfectants`, 'ml', 'bottle', 2500, '64.00', true],
  ['CRO-PROTEX-W', 'Protex disinfectant wipes, large', 'Crosstex', `${IC}Disinfectants`, 'each', 'pack', 160, '13.40', true],
  ['SCI-OPT-W', 'OptiM33 TB disinfectant wipes', 'SciCan', `${IC}Disinfectants`, 'each', 'pack', 160, '15.60', true],
  ['SCI-STA-4L', 'Instrument cleaner and lubricant, 500 ml', 'SciCan', `${IC}Disinfectants`, 'ml', 'bottle', 500, '32.00', true],
  ['HS-WL-TAB', 'Waterline cleaning tablets, 2 l bottle size', 'Henry Schein', `${IC}Disinfectants`, 'each', 'box', 50, '49.00', true],
  ['HS-ULT-ENZ', 'Enzymatic ultrasonic cleaner, 1 l concentrate', 'Henry Schein', `${IC}Disinfectants`, 'ml', 'bottle', 1000, '19.90', true],
  // Infection control › Hand hygiene
  ['DUR-HD410-1L', 'HD 410 hand disinfection, 1 l', 'Dürr Dental', `${IC}Hand hygiene`, 'ml', 'bottle', 1000, '12.30', true],
  ['DUR-HD435-1L', 'HD 435 washing lotion, 1 l', 'Dürr Dental', `${IC}Hand hygiene`, 'ml', 'bottle', 1000, '9.80', false],
  ['MED-ALC-GEL', 'Alcohol hand gel 70 %, 500 ml pump', 'Medicom', `${IC}Hand hygiene`, 'ml', 'bottle', 500, '5.90', true],
  // Infection control › Sterilisation pouches
  ...family(['57x130', '90x230', '135x260', '190x330', '305x430'], ['MED-POU-{v}', 'Self-seal sterilisation pouches {v} mm', 'Medicom', `${IC}Sterilisation pouches`, 'each', 'box', 200, '7.50', false]),
  ...family(['57x130', '90x230', '135x260', '190x330'], ['CRO-POU-{v}', 'Sure-Check sterilisation pouches {v} mm, with indicator', 'Crosstex', `${IC}Sterilisation pouches`, 'each', 'box', 200, '9.80', false]),
  ['HS-ROLL-100', 'Sterilisation roll 100 mm × 200 m', 'Henry Schein', `${IC}Sterilisation pouches`, 'roll', 'roll', 1, '24.00', false],
  // Infection control › Sterilisation indicators
  ['3M-1243', 'Comply class 5 integrating indicators', '3M', `${IC}Sterilisation indicators`, 'each', 'box', 500, '96.00', true],
  ['3M-ATTEST', 'Attest biological indicators, 24 h readout', '3M', `${IC}Sterilisation indicators`, 'each', 'box', 25, '118.00', true],
  ['CRO-BD-TEST', 'Bowie-Dick test packs', 'Crosstex', `${IC}Sterilisation indicators`, 'each', 'box', 20, '84.00', true],
  ['HS-TAPE-IND', 'Autoclave indicator tape, 19 mm × 50 m', 'Henry Schein', `${IC}Sterilisation indicators`, 'roll', 'box', 6, '27.00', false],
  // Infection control › Barriers
  ['HS-BAR-FILM', 'Barrier film, blue, 1200 sheets on a roll', 'Henry Schein', `${IC}Barriers`, 'sheet', 'roll', 1200, '21.00', false],
  ['MED-HRC', 'Headrest covers, universal', 'Medicom', `${IC}Barriers`, 'each', 'box', 250, '18.40', false],
  ['MED-LHC', 'Light handle covers', 'Medicom', `${IC}Barriers`, 'each', 'box', 250, '15.20', false],
  ['MED-SYS', 'Air/water syringe sleeves', 'Medicom', `${IC}Barriers`, 'each', 'box', 500, '19.80', false],
  ['HS-CHAIR-SL', 'Chair sleeves, full', 'Henry Schein', `${IC}Barriers`, 'each', 'box', 125, '36.00', false],
  ['PAT-SENS-SL', 'Curing light sleeves', 'Patterson', `${IC}Barriers`, 'each', 'box', 500, '22.00', false],
  // Infection control › Handpiece care
  ['WH-SPRAY', 'Service Oil F1 spray, 400 ml', 'W&H', `${IC}Handpiece care`, 'ml', 'bottle', 400, '28.50', false],
  ['NSK-PANA', 'PANA SPRAY Plus lubricant, 480 ml', 'NSK', `${IC}Handpiece care`, 'ml', 'bottle', 480, '31.00', false],
  ['BA-LUBR', 'Lubrifluid spray, 500 ml', 'Bien-Air', `${IC}Handpiece care`, 'ml', 'bottle', 500, '34.00', false],
  ['WH-CLEAN', 'Handpiece cleaning cartridges', 'W&H', `${IC}Handpiece care`, 'each', 'box', 6, '45.00', false],

  // Anaesthesia › Cartridges
  ['SEP-SEPT-100', 'Septanest articaine 4 % with epinephrine 1:100,000, 1.7 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '39.50', true],
  ['SEP-SEPT-200', 'Septanest articaine 4 % with epinephrine 1:200,000, 1.7 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '39.50', true],
  ['SEP-LIGN-80', 'Lignospan lidocaine 2 % with epinephrine 1:80,000, 2.2 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '33.00', true],
  ['SEP-LIGN-100', 'Lidocaine 2 % with epinephrine 1:100,000, 1.7 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '31.00', true],
  ['SEP-SCAN-3', 'Scandonest mepivacaine 3 % plain, 1.7 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '36.00', true],
  ['SEP-SCAN-2', 'Scandonest mepivacaine 2 % with adrenaline, 1.7 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '36.00', true],
  ['DS-CITA-3', 'Citanest prilocaine 3 % with felypressin, 2.2 ml', 'Dentsply Sirona', `${AN}Cartridges`, 'cartridge', 'box', 50, '41.00', true],
  ['DS-XYLO-80', 'Xylocaine lidocaine 2 % with adrenaline 1:80,000, 2.2 ml', 'Dentsply Sirona', `${AN}Cartridges`, 'cartridge', 'box', 50, '35.00', true],
  ['3M-UBI-FORTE', 'Ubistesin Forte articaine 4 % 1:100,000, 1.7 ml', '3M', `${AN}Cartridges`, 'cartridge', 'box', 50, '42.00', true],
  ['SEP-MARC-05', 'Bupivacaine 0.5 % with epinephrine 1:200,000, 1.8 ml', 'Septodont', `${AN}Cartridges`, 'cartridge', 'box', 50, '58.00', true],
  // Anaesthesia › Needles
  ...family(['27G long 35 mm', '27G short 21 mm', '30G short 21 mm', '30G extra-short 12 mm', '25G long 35 mm'], ['SEP-NDL-{v}', 'Septoject dental needles {v}', 'Septodont', `${AN}Needles`, 'each', 'box', 100, '14.50', true], (v) => v.split(' ')[0]! + v.split(' ')[1]!.toUpperCase().slice(0, 2)),
  ...family(['27G long', '27G short', '30G short', '30G extra-short'], ['HS-NDL-{v}', 'Dental needles {v}', 'Henry Schein', `${AN}Needles`, 'each', 'box', 100, '10.90', true]),
  ['SEP-QUICK', 'Quicksleeve safety needle system, 30G short', 'Septodont', `${AN}Needles`, 'each', 'box', 100, '48.00', true],
  // Anaesthesia › Topical anaesthetics
  ...family(['Cherry', 'Mint', 'Pina colada', 'Bubble gum'], ['HS-TOP-{v}', 'Topical anaesthetic gel benzocaine 20 %, {v}, 30 g', 'Henry Schein', `${AN}Topical anaesthetics`, 'g', 'jar', 30, '6.90', true]),
  ['SEP-XYL-SPRAY', 'Xylonor lidocaine spray 15 %, 36 g', 'Septodont', `${AN}Topical anaesthetics`, 'g', 'bottle', 36, '21.50', true],
  ['ULT-TOP-TM', 'TopiCaine patch-free gel, 30 g', 'Ultradent', `${AN}Topical anaesthetics`, 'g', 'jar', 30, '11.80', true],
  ['DS-ORAQIX', 'Needle-free periodontal anaesthetic gel cartridges', 'Dentsply Sirona', `${AN}Topical anaesthetics`, 'cartridge', 'box', 20, '74.00', true],

  // Restorative › Composites (syringes of 4 g)
  ...family(['A1', 'A2', 'A3', 'A3.5', 'B1', 'B2', 'C2', 'WE'], ['3M-FSU-{v}', 'Filtek Supreme XTE universal composite, body {v}, 4 g syringe', '3M', `${RE}Composites`, 'g', 'syringe', 4, '48.00', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5', 'B1', 'Bleach L'], ['IVO-TEC-{v}', 'Tetric EvoCeram composite, {v}, 3 g syringe', 'Ivoclar', `${RE}Composites`, 'g', 'syringe', 3, '44.50', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5', 'OA2', 'BW'], ['TOK-ESQ-{v}', 'Estelite Sigma Quick composite, {v}, 3.8 g syringe', 'Tokuyama', `${RE}Composites`, 'g', 'syringe', 4, '41.00', true]),
  ...family(['Universal', 'Blocker'], ['TOK-OMN-{v}', 'Omnichroma single-shade composite, {v}, 4 g syringe', 'Tokuyama', `${RE}Composites`, 'g', 'syringe', 4, '52.00', true], (v) => v.slice(0, 3).toUpperCase()),
  ...family(['A1', 'A2', 'A3', 'A3.5'], ['GC-GAE-{v}', 'G-aenial Posterior composite, {v}, 4.7 g syringe', 'GC', `${RE}Composites`, 'g', 'syringe', 5, '46.00', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5'], ['KER-HAR-{v}', 'Harmonize universal composite, {v}, 4 g syringe', 'Kerr', `${RE}Composites`, 'g', 'syringe', 4, '47.50', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5'], ['KUL-VEN-{v}', 'Venus Pearl composite, {v}, 3 g syringe', 'Kulzer', `${RE}Composites`, 'g', 'syringe', 3, '39.00', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5'], ['VOC-GRA-{v}', 'GrandioSO composite, {v}, 4 g syringe', 'VOCO', `${RE}Composites`, 'g', 'syringe', 4, '43.00', true]),
  ...family(['A1', 'A2', 'A3', 'A3.5'], ['DS-SPE-{v}', 'Spectra ST universal composite, {v}, 4 g syringe', 'Dentsply Sirona', `${RE}Composites`, 'g', 'syringe', 4, '38.50', true]),
  ...family(['A2', 'A3'], ['KN-MAJ-{v}', 'Clearfil Majesty ES-2 composite, {v}, 3.6 g syringe', 'Kuraray Noritake', `${RE}Composites`, 'g', 'syringe', 4, '45.00', true]),
  ...family(['Universal', 'A2'], ['IVO-TBF-{v}', 'Tetric PowerFill bulk-fill composite, {v}, 3 g syringe', 'Ivoclar', `${RE}Composites`, 'g', 'syringe', 3, '49.00', true], (v) => v.slice(0, 3).toUpperCase()),
  ['3M-FBF-A2', 'Filtek One bulk fill restorative, A2, 4 g syringe', '3M', `${RE}Composites`, 'g', 'syringe', 4, '50.00', true],
  ['DS-SDR-U', 'SDR flow+ bulk fill, universal, 50 compules', 'Dentsply Sirona', `${RE}Composites`, 'capsule', 'box', 50, '139.00', true],
  ['VOC-XBF-U', 'x-tra fil bulk fill composite, universal, 5 g syringe', 'VOCO', `${RE}Composites`, 'g', 'syringe', 5, '36.00', true],
  // Restorative › Flowable composites
  ...family(['A1', 'A2', 'A3'], ['3M-FSF-{v}', 'Filtek Supreme Flowable, {v}, 2 g syringes ×2', '3M', `${RE}Flowable composites`, 'g', 'pack', 4, '52.00', true]),
  ...family(['A1', 'A2', 'A3'], ['IVO-TEF-{v}', 'Tetric EvoFlow, {v}, 2 g syringe', 'Ivoclar', `${RE}Flowable composites`, 'g', 'syringe', 2, '34.00', true]),
  ...family(['A2', 'A3'], ['GC-GFL-{v}', 'G-aenial Universal Injectable, {v}, 1 ml syringes ×2', 'GC', `${RE}Flowable composites`, 'ml', 'pack', 2, '49.00', true]),
  ...family(['A2', 'A3'], ['ULT-PFL-{v}', 'PermaFlo flowable composite, {v}, 4 syringes of 1.2 ml', 'Ultradent', `${RE}Flowable composites`, 'syringe', 'pack', 4, '58.00', true]),
  // Restorative › Bonding agents
  ['3M-SBU-5', 'Scotchbond Universal Plus adhesive, 5 ml bottle', '3M', `${RE}Bonding agents`, 'ml', 'bottle', 5, '118.00', true],
  ['IVO-ADU-5', 'Adhese Universal VivaPen, 2 ml', 'Ivoclar', `${RE}Bonding agents`, 'ml', 'each', 2, '79.00', true],
  ['KN-SEB-KIT', 'Clearfil SE Bond 2 kit (primer 5 ml, bond 5 ml)', 'Kuraray Noritake', `${RE}Bonding agents`, 'ml', 'kit', 10, '164.00', true],
  ['DS-PBA-4', 'Prime&Bond active universal adhesive, 4 ml', 'Dentsply Sirona', `${RE}Bonding agents`, 'ml', 'bottle', 4, '96.00', true],
  ['KER-OFL-KIT', 'OptiBond FL kit (primer 8 ml, adhesive 8 ml)', 'Kerr', `${RE}Bonding agents`, 'ml', 'kit', 16, '142.00', true],
  ['GC-GPB-5', 'G-Premio Bond, 5 ml bottle', 'GC', `${RE}Bonding agents`, 'ml', 'bottle', 5, '89.00', true],
  ['VOC-FBU-SD', 'Futurabond U single dose, 50 units', 'VOCO', `${RE}Bonding agents`, 'each', 'box', 50, '112.00', true],
  ['ULT-PEAK-U', 'Peak Universal Bond, 4 ml syringe', 'Ultradent', `${RE}Bonding agents`, 'ml', 'syringe', 4, '84.00', true],
  ['KUL-IBU-4', 'iBOND Universal, 4 ml', 'Kulzer', `${RE}Bonding agents`, 'ml', 'bottle', 4, '74.00', true],
  // Restorative › Etchants
  ['ULT-ETCH-4', 'Ultra-Etch 35 % phosphoric acid, 4 syringes of 1.2 ml', 'Ultradent', `${RE}Etchants`, 'ml', 'pack', 5, '32.00', true],
  ['3M-SCE-3', 'Scotchbond Universal etchant, 3 syringes of 3 ml', '3M', `${RE}Etchants`, 'ml', 'pack', 9, '36.00', true],
  ['HS-ETCH-37', 'Etching gel 37 %, 2 syringes of 5 ml with tips', 'Henry Schein', `${RE}Etchants`, 'ml', 'pack', 10, '16.50', true],
  ['IVO-TOTAL', 'Total Etch gel, 2 g syringe', 'Ivoclar', `${RE}Etchants`, 'g', 'syringe', 2, '14.00', true],
  // Restorative › Glass ionomers
  ['GC-FIX-A3', 'Fuji IX GP Extra capsules, A3', 'GC', `${RE}Glass ionomers`, 'capsule', 'box', 50, '128.00', true],
  ['GC-F2LC-A2', 'Fuji II LC capsules, A2', 'GC', `${RE}Glass ionomers`, 'capsule', 'box', 50, '134.00', true],
  ['GC-EQF-A3', 'EQUIA Forte HT capsules, A3', 'GC', `${RE}Glass ionomers`, 'capsule', 'box', 50, '158.00', true],
  ['3M-KMQ-A3', 'Ketac Molar Quick Aplicap, A3', '3M', `${RE}Glass ionomers`, 'capsule', 'box', 50, '142.00', true],
  ['3M-KNN-A2', 'Ketac Nano light-curing glass ionomer, A2 clicker', '3M', `${RE}Glass ionomers`, 'g', 'each', 10, '88.00', true],
  ['VOC-ION-A3', 'IonoStar Plus capsules, A3', 'VOCO', `${RE}Glass ionomers`, 'capsule', 'box', 48, '118.00', true],
  // Restorative › Matrices
  ['GAR-3DF-KIT', 'Composi-Tight 3D Fusion sectional matrix starter kit', 'Garrison', `${RE}Matrices`, 'kit', 'kit', 1, '389.00', false],
  ...family(['3.5', '4.5', '5.5', '6.5'], ['GAR-BND-{v}', 'Composi-Tight 3D Fusion matrix bands {v} mm', 'Garrison', `${RE}Matrices`, 'each', 'box', 100, '69.00', false]),
  ...family(['Small', 'Medium', 'Large'], ['GAR-WDG-{v}', 'Composi-Tight 3D Fusion wedges, {v}', 'Garrison', `${RE}Matrices`, 'each', 'box', 100, '29.00', false], (v) => v[0]!),
  ['HS-TOF-UNI', 'Tofflemire matrix bands, universal 0.05 mm', 'Henry Schein', `${RE}Matrices`, 'each', 'pack', 144, '9.80', false],
  ['HS-TOF-MOD', 'Tofflemire matrix bands, wide MOD 0.05 mm', 'Henry Schein', `${RE}Matrices`, 'each', 'pack', 144, '9.80', false],
  ['DIR-MYL-STR', 'Mylar celluloid strips 10 mm', 'Directa', `${RE}Matrices`, 'each', 'pack', 100, '7.50', false],
  ['DIR-WDG-MIX', 'FenderWedge interdental wedges, assorted', 'Directa', `${RE}Matrices`, 'each', 'box', 100, '34.00', false],
  ['DS-AMX-KIT', 'AutoMatrix retainerless bands, assorted', 'Dentsply Sirona', `${RE}Matrices`, 'each', 'box', 72, '96.00', false],
  ['HS-WDG-WOOD', 'Wooden wedges, assorted, anatomical', 'Henry Schein', `${RE}Matrices`, 'each', 'box', 500, '12.00', false],
  // Restorative › Finishing
  ...family(['Coarse', 'Medium', 'Fine', 'Superfine'], ['3M-SFL-{v}', 'Sof-Lex contouring and polishing discs 12.7 mm, {v}', '3M', `${RE}Finishing`, 'each', 'pack', 85, '42.00', false], (v) => v.slice(0, 2).toUpperCase()),
  ['3M-SFL-STR', 'Sof-Lex finishing strips, medium/fine', '3M', `${RE}Finishing`, 'each', 'box', 100, '38.00', false],
  ['GC-EPI-STR', 'Epitex finishing strips, assorted', 'GC', `${RE}Finishing`, 'each', 'box', 100, '31.00', false],
  ['DS-ENH-CUP', 'Enhance finishing cups', 'Dentsply Sirona', `${RE}Finishing`, 'each', 'pack', 40, '39.00', false],
  ['DS-POGO-PT', 'PoGo one-step polishing points', 'Dentsply Sirona', `${RE}Finishing`, 'each', 'pack', 40, '44.00', false],
  ['SHO-CMP-KIT', 'CompoMaster polishers, assorted', 'Shofu', `${RE}Finishing`, 'each', 'pack', 12, '36.00', false],
  ['SHO-SUP-SNAP', 'Super-Snap rainbow technique kit refill discs', 'Shofu', `${RE}Finishing`, 'each', 'pack', 50, '29.00', false],
  ['KER-OCC-BRU', 'OptiShine polishing brushes', 'Kerr', `${RE}Finishing`, 'each', 'pack', 12, '31.50', false],
  ['HS-ART-PAP', 'Articulating paper 40 µm, blue/red', 'Henry Schein', `${RE}Finishing`, 'sheet', 'box', 144, '8.90', false],
  // Restorative › Liners
  ['DS-DYC-BAS', 'Dycal calcium hydroxide liner, base and catalyst', 'Dentsply Sirona', `${RE}Liners`, 'g', 'kit', 24, '29.00', true],
  ['BIS-THER-LC', 'TheraCal LC light-cured liner, 4 syringes of 1 g', 'Bisco', `${RE}Liners`, 'g', 'pack', 4, '76.00', true],
  ['3M-VIT-KIT', 'Vitrebond glass ionomer liner kit', '3M', `${RE}Liners`, 'g', 'kit', 9, '118.00', true],
  ['SEP-BIOD-15', 'Biodentine capsules with liquid pipettes', 'Septodont', `${RE}Liners`, 'capsule', 'box', 15, '145.00', true],
  ['ULT-ULB-4', 'Ultra-Blend plus liner, 4 syringes of 1.2 ml', 'Ultradent', `${RE}Liners`, 'syringe', 'pack', 4, '64.00', true],
  // Restorative › Temporary fillings
  ['3M-CAV-TUB', 'Cavit temporary filling material, 28 g tube', '3M', `${RE}Temporary fillings`, 'g', 'tube', 28, '17.50', true],
  ['DS-IRM-KIT', 'IRM intermediate restorative material, powder and liquid', 'Dentsply Sirona', `${RE}Temporary fillings`, 'g', 'kit', 38, '44.00', true],
  ['IVO-FER-3', 'Fermit N light-curing temporary, 3 syringes of 2.5 g', 'Ivoclar', `${RE}Temporary fillings`, 'g', 'pack', 7, '59.00', true],
  ['COL-COL-TEMP', 'Coltosol F temporary filling, 38 g', 'Coltene', `${RE}Temporary fillings`, 'g', 'jar', 38, '15.90', true],
  // Restorative › Rubber dam
  ['COL-DAM-MED', 'Hygenic latex dental dam 6×6 in, medium', 'Coltene Whaledent', `${RE}Rubber dam`, 'sheet', 'box', 36, '13.50', false],
  ['COL-DAM-HVY', 'Hygenic latex dental dam 6×6 in, heavy', 'Coltene Whaledent', `${RE}Rubber dam`, 'sheet', 'box', 36, '14.50', false],
  ['COL-DAM-NL', 'Hygenic non-latex flexi dam 6×6 in', 'Coltene Whaledent', `${RE}Rubber dam`, 'sheet', 'box', 30, '23.00', false],
  ['HS-DAM-FLO', 'Dental floss, waxed, 50 m', 'Henry Schein', `${RE}Rubber dam`, 'roll', 'box', 12, '18.00', false],
  ['ULT-OPD-GEL', 'OpalDam light-cured resin barrier, 4 syringes of 1.2 ml', 'Ultradent', `${RE}Rubber dam`, 'syringe', 'pack', 4, '42.00', false],
  ...family(['2A', '8A', 'W8A', '212', '14', '27'], ['HF-CLA-{v}', 'Rubber dam clamp #{v}', 'Hu-Friedy', `${RE}Rubber dam`, 'each', 'each', 1, '19.50', false]),
  ['HF-DAM-FRM', 'Young-style rubber dam frame', 'Hu-Friedy', `${RE}Rubber dam`, 'each', 'each', 1, '16.00', false],
  ['YNG-WEDJ', 'Wedjets stabilising cord, medium', 'Coltene Whaledent', `${RE}Rubber dam`, 'roll', 'pack', 1, '21.00', false],
  // Restorative › Amalgam
  ['SDI-GS80-2', 'GS-80 amalgam capsules, 2 spill', 'SDI', `${RE}Amalgam`, 'capsule', 'box', 50, '89.00', true],
  ['SDI-GS80-3', 'GS-80 amalgam capsules, 3 spill', 'SDI', `${RE}Amalgam`, 'capsule', 'box', 50, '109.00', true],

  // Endodontics › Files
  ...family(['SX', 'S1', 'S2', 'F1', 'F2', 'F3'], ['DM-PTG-{v}', 'ProTaper Gold rotary files {v}, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '72.00', true]),
  ...family(['Small', 'Primary', 'Medium', 'Large'], ['DM-WOG-{v}', 'WaveOne Gold reciprocating file, {v}, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '84.00', true], (v) => v.slice(0, 3).toUpperCase()),
  ['DM-WOG-GLI', 'WaveOne Gold Glider files, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '62.00', true],
  ['DM-PFL-KIT', 'ProGlider rotary glide-path files, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '58.00', true],
  ...family(['08', '10', '15', '20', '25', '15-40'], ['DM-KF21-{v}', 'K-files, ISO {v}, 21 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '9.80', true]),
  ...family(['08', '10', '15', '20', '25', '15-40'], ['DM-KF25-{v}', 'K-files, ISO {v}, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '9.80', true]),
  ...family(['15', '20', '25', '15-40'], ['DM-HF25-{v}', 'Hedström files, ISO {v}, 25 mm', 'Dentsply Maillefer', `${EN}Files`, 'each', 'pack', 6, '10.50', true]),
  ...family(['20/.05', '25/.06', '30/.04', '40/.04'], ['COL-HFC-{v}', 'HyFlex EDM rotary files {v}, 25 mm', 'Coltene', `${EN}Files`, 'each', 'pack', 6, '78.00', true]),
  ...family(['25', '40'], ['MM-ONC-{v}', 'One Curve single-file system, {v}/.06, 25 mm', 'Micro-Mega', `${EN}Files`, 'each', 'pack', 6, '69.00', true]),
  ['MM-ONG-GP', 'One G glide-path files, 21 mm', 'Micro-Mega', `${EN}Files`, 'each', 'pack', 3, '32.00', true],
  ['KER-TFA-SM', 'TF Adaptive file system, small', 'Kerr', `${EN}Files`, 'each', 'pack', 3, '55.00', true],
  // Endodontics › Obturation
  ...family(['F1', 'F2', 'F3'], ['DM-GP-PTG-{v}', 'ProTaper Gold conform-fit gutta-percha points {v}', 'Dentsply Maillefer', `${EN}Obturation`, 'each', 'box', 60, '19.50', true]),
  ...family(['Small', 'Primary', 'Medium'], ['DM-GP-WOG-{v}', 'WaveOne Gold gutta-percha points, {v}', 'Dentsply Maillefer', `${EN}Obturation`, 'each', 'box', 60, '19.50', true], (v) => v.slice(0, 3).toUpperCase()),
  ['COL-GP-0215', 'Gutta-percha points ISO .02, 15-40 assorted', 'Coltene', `${EN}Obturation`, 'each', 'box', 120, '11.90', true],
  ['COL-GP-ACC', 'Gutta-percha accessory points, medium-fine', 'Coltene', `${EN}Obturation`, 'each', 'box', 120, '11.90', true],
  ['DS-GUTTA-CORE', 'GuttaCore obturators, size 25', 'Dentsply Sirona', `${EN}Obturation`, 'each', 'box', 30, '129.00', true],
  ['MM-GP-ONC', 'One Curve gutta-percha points, 25', 'Micro-Mega', `${EN}Obturation`, 'each', 'box', 60, '22.00', true],
  // Endodontics › Sealers
  ['DS-AHP-KIT', 'AH Plus Jet sealer, 15 g syringe', 'Dentsply Sirona', `${EN}Sealers`, 'g', 'syringe', 15, '96.00', true],
  ['SEP-BIOR-KIT', 'BioRoot RCS bioceramic sealer kit', 'Septodont', `${EN}Sealers`, 'g', 'kit', 15, '112.00', true],
  ['KER-SEA-APX', 'Sealapex root canal sealer, 2 tubes', 'Kerr', `${EN}Sealers`, 'g', 'pack', 24, '68.00', true],
  ['COL-GUF-FLO', 'GuttaFlow bioseal, 5 ml syringe', 'Coltene', `${EN}Sealers`, 'ml', 'syringe', 5, '98.00', true],
  // Endodontics › Irrigants
  ['SEP-PARC-5', 'Parcan sodium hypochlorite 3 %, 250 ml', 'Septodont', `${EN}Irrigants`, 'ml', 'bottle', 250, '9.80', true],
  ['HS-NAOCL-5L', 'Sodium hypochlorite 5.25 %, 5 l', 'Henry Schein', `${EN}Irrigants`, 'ml', 'bottle', 5000, '24.00', true],
  ['ULT-EDTA-18', 'EDTA 18 % irrigant, 480 ml', 'Ultradent', `${EN}Irrigants`, 'ml', 'bottle', 480, '31.00', true],
  ['ULT-CHX-2', 'Consepsis chlorhexidine 2 %, 480 ml', 'Ultradent', `${EN}Irrigants`, 'ml', 'bottle', 480, '27.00', true],
  ['ULT-NAV-30', 'NaviTip irrigation tips 30G, 25 mm', 'Ultradent', `${EN}Irrigants`, 'tip', 'pack', 20, '28.00', false],
  ['HS-IRR-SYR', 'Endo irrigation syringes 5 ml, luer lock', 'Henry Schein', `${EN}Irrigants`, 'each', 'box', 100, '17.00', false],
  ['DS-ENDOA-TIP', 'EndoActivator activator tips, medium', 'Dentsply Sirona', `${EN}Irrigants`, 'tip', 'box', 100, '89.00', false],
  // Endodontics › Paper points
  ...family(['F1', 'F2', 'F3'], ['DM-PP-PTG-{v}', 'ProTaper Gold paper points {v}', 'Dentsply Maillefer', `${EN}Paper points`, 'each', 'box', 180, '16.50', false]),
  ['COL-PP-1540', 'Absorbent paper points ISO 15-40 assorted', 'Coltene', `${EN}Paper points`, 'each', 'box', 200, '9.90', false],
  ['MM-PP-ONC', 'One Curve paper points, 25', 'Micro-Mega', `${EN}Paper points`, 'each', 'box', 180, '15.50', false],
  // Endodontics › Medicaments
  ['ULT-CALX-4', 'UltraCal XS calcium hydroxide, 4 syringes of 1.2 ml', 'Ultradent', `${EN}Medicaments`, 'syringe', 'pack', 4, '39.00', true],
  ['SEP-LEDX', 'Septomixine forte root canal paste, 5 g', 'Septodont', `${EN}Medicaments`, 'g', 'tube', 5, '36.00', true],
  ['DS-PRORT-MTA', 'ProRoot MTA, 5 sachets of 0.5 g', 'Dentsply Sirona', `${EN}Medicaments`, 'each', 'box', 5, '189.00', true],
  ['SEP-ENDOM', 'Endomethasone N root canal paste, 14 g', 'Septodont', `${EN}Medicaments`, 'g', 'jar', 14, '48.00', true],

  // Impression › Alginate
  ['ZHE-HYD5-500', 'Hydrogum 5 alginate, 453 g bag', 'Zhermack', `${IM}Alginate`, 'g', 'bag', 453, '12.50', true],
  ['DS-BLU-500', 'Blueprint Xcreme alginate, 500 g', 'Dentsply Sirona', `${IM}Alginate`, 'g', 'bag', 500, '14.00', true],
  ['DS-JEL-454', 'Jeltrate Plus alginate, 454 g', 'Dentsply Sirona', `${IM}Alginate`, 'g', 'bag', 454, '11.80', true],
  ['KUL-ALG-500', 'Alginoplast alginate, 500 g', 'Kulzer', `${IM}Alginate`, 'g', 'bag', 500, '10.90', true],
  ['GC-AROMA-500', 'Aroma Fine Plus alginate, 500 g', 'GC', `${IM}Alginate`, 'g', 'bag', 500, '13.40', true],
  // Impression › VPS (usage in ml)
  ['DS-AQU-HB', 'Aquasil Ultra+ heavy body, 2 × 50 ml cartridges', 'Dentsply Sirona', `${IM}VPS`, 'ml', 'pack', 100, '58.00', true],
  ['DS-AQU-LV', 'Aquasil Ultra+ light body, 4 × 50 ml cartridges', 'Dentsply Sirona', `${IM}VPS`, 'ml', 'pack', 200, '96.00', true],
  ['DS-AQU-PUT', 'Aquasil putty, soft, 2 × 225 ml jars', 'Dentsply Sirona', `${IM}VPS`, 'ml', 'kit', 450, '78.00', true],
  ['3M-IMP4-HB', 'Imprint 4 heavy body, 2 × 50 ml', '3M', `${IM}VPS`, 'ml', 'pack', 100, '64.00', true],
  ['3M-IMP4-LB', 'Imprint 4 light body, 2 × 50 ml', '3M', `${IM}VPS`, 'ml', 'pack', 100, '64.00', true],
  ['3M-EXP-PUT', 'Express STD putty, 305 ml', '3M', `${IM}VPS`, 'ml', 'kit', 305, '69.00', true],
  ['KER-TAKE1-HB', 'Take 1 Advanced tray material, 2 × 50 ml', 'Kerr', `${IM}VPS`, 'ml', 'pack', 100, '61.00', true],
  ['KER-TAKE1-LB', 'Take 1 Advanced wash, 4 × 50 ml', 'Kerr', `${IM}VPS`, 'ml', 'pack', 200, '104.00', true],
  ['DMG-HON-HB', 'Honigum heavy, 2 × 50 ml', 'DMG', `${IM}VPS`, 'ml', 'pack', 100, '55.00', true],
  ['COL-PRE-LB', 'Affinis precious light body, 2 × 50 ml', 'Coltene', `${IM}VPS`, 'ml', 'pack', 100, '66.00', true],
  ['VOC-VPS-MONO', 'V-Posil mono fast, 2 × 50 ml', 'VOCO', `${IM}VPS`, 'ml', 'pack', 100, '52.00', true],
  ['GC-EXA-HB', 'Exa\'lence heavy body, 2 × 48 ml', 'GC', `${IM}VPS`, 'ml', 'pack', 96, '62.00', true],
  // Impression › Polyether
  ['3M-IMPR-PEN', 'Impregum Penta Soft, 2 × 300 ml', '3M', `${IM}Polyether`, 'ml', 'pack', 600, '168.00', true],
  ['3M-IMPR-LB', 'Impregum Garant L DuoSoft light body, 2 × 50 ml', '3M', `${IM}Polyether`, 'ml', 'pack', 100, '69.00', true],
  // Impression › Trays
  ...family(['S upper', 'M upper', 'L upper', 'S lower', 'M lower', 'L lower'], ['HS-TRY-{v}', 'Disposable perforated impression trays, {v}', 'Henry Schein', `${IM}Trays`, 'each', 'pack', 12, '9.60', false], (v) => v[0]! + v.split(' ')[1]![0]!.toUpperCase()),
  ['PRE-TRI-ANT', 'Triple Tray, anterior', 'Premier', `${IM}Trays`, 'each', 'box', 35, '42.00', false],
  ['PRE-TRI-POS', 'Triple Tray, posterior', 'Premier', `${IM}Trays`, 'each', 'box', 35, '42.00', false],
  ['HS-TRY-ADH', 'Tray adhesive for VPS, 10 ml', 'Henry Schein', `${IM}Trays`, 'ml', 'bottle', 10, '11.90', true],
  // Impression › Bite registration
  ['DS-REG-BITE', 'Regisil Rigid bite registration, 2 × 50 ml', 'Dentsply Sirona', `${IM}Bite registration`, 'ml', 'pack', 100, '56.00', true],
  ['3M-IMP-BITE', 'Imprint bite registration, 2 × 50 ml', '3M', `${IM}Bite registration`, 'ml', 'pack', 100, '58.00', true],
  ['ZHE-OCC-BITE', 'Occlufast Rock bite registration, 2 × 50 ml', 'Zhermack', `${IM}Bite registration`, 'ml', 'pack', 100, '49.00', true],
  // Impression › Mixing tips
  ['HS-MIX-YEL', 'Mixing tips yellow, 1:1 4.2 mm', 'Henry Schein', `${IM}Mixing tips`, 'tip', 'pack', 50, '14.50', false],
  ['HS-MIX-GRN', 'Mixing tips green, 1:1 6.5 mm', 'Henry Schein', `${IM}Mixing tips`, 'tip', 'pack', 50, '16.50', false],
  ['HS-INT-TIP', 'Intraoral tips, yellow', 'Henry Schein', `${IM}Mixing tips`, 'tip', 'pack', 100, '11.00', false],
  ['3M-PEN-TIP', 'Pentamix dynamic mixing tips', '3M', `${IM}Mixing tips`, 'tip', 'pack', 50, '49.00', false],

  // Preventive › Prophy paste (cups of 2 g, boxes of 200)
  ...family(['Coarse', 'Medium', 'Fine'], ['DS-NUP-{v}', 'Nupro prophy paste cups, {v}, mint', 'Dentsply Sirona', `${PR}Prophy paste`, 'each', 'box', 200, '39.00', true], (v) => v[0]!),
  ...family(['Coarse', 'Medium', 'Fine'], ['YNG-PRO-{v}', 'Prophy paste cups, {v}, cherry', 'Young', `${PR}Prophy paste`, 'each', 'box', 200, '29.00', true], (v) => v[0]!),
  ['IVO-PRO-RDA', 'Proxyt prophy paste RDA 36, 55 g tube', 'Ivoclar', `${PR}Prophy paste`, 'g', 'tube', 55, '12.80', true],
  ['PRE-CLI-PRO', 'Enamel Pro prophy paste cups, medium', 'Premier', `${PR}Prophy paste`, 'each', 'box', 200, '34.00', true],
  // Preventive › Prophy angles
  ['YNG-ANG-SOFT', 'Disposable prophy angles, soft cup', 'Young', `${PR}Prophy angles`, 'each', 'box', 100, '36.00', false],
  ['YNG-ANG-BRU', 'Disposable prophy angles, brush tip', 'Young', `${PR}Prophy angles`, 'each', 'box', 100, '36.00', false],
  ['HS-ANG-LATEX', 'Disposable prophy angles, latex-free', 'Henry Schein', `${PR}Prophy angles`, 'each', 'box', 144, '31.00', false],
  ['ACT-AIRF-PWD', 'Air polishing powder glycine, 4 bottles of 160 g', 'Acteon', `${PR}Prophy angles`, 'g', 'pack', 640, '68.00', true],
  // Preventive › Fluoride
  ...family(['Mint', 'Cherry', 'Bubble gum'], ['COL-DUR-{v}', 'Duraphat fluoride varnish 5 %, {v}, 10 ml tube', 'Colgate', `${PR}Fluoride`, 'ml', 'tube', 10, '24.00', true], (v) => v.slice(0, 3).toUpperCase()),
  ...family(['Mint', 'Cherry'], ['3M-VAN-{v}', 'Vanish 5 % NaF varnish unit doses, {v}', '3M', `${PR}Fluoride`, 'each', 'box', 50, '62.00', true], (v) => v.slice(0, 3).toUpperCase()),
  ['VOC-PFL-SD', 'Profluorid varnish single doses, caramel', 'VOCO', `${PR}Fluoride`, 'each', 'box', 50, '58.00', true],
  ['ULT-ENA-SD', 'Enamelast varnish unit doses, walterberry', 'Ultradent', `${PR}Fluoride`, 'each', 'box', 50, '66.00', true],
  ['HS-FOAM-APF', 'APF fluoride foam 1.23 %, 125 g', 'Henry Schein', `${PR}Fluoride`, 'g', 'bottle', 125, '8.50', true],
  ['HS-TRY-FLU', 'Disposable fluoride trays, medium', 'Henry Schein', `${PR}Fluoride`, 'each', 'box', 100, '12.00', false],
  ['SAF-SDF-38', 'Silver diamine fluoride 38 %, 8 ml', 'Safco', `${PR}Fluoride`, 'ml', 'bottle', 8, '112.00', true],
  // Preventive › Sealants
  ['3M-CLI-SEAL', 'Clinpro pit and fissure sealant, 2 syringes of 1.2 ml', '3M', `${PR}Sealants`, 'ml', 'pack', 2, '44.00', true],
  ['IVO-HSF-4', 'Helioseal F Plus, 2 syringes of 1.25 g', 'Ivoclar', `${PR}Sealants`, 'g', 'pack', 3, '39.00', true],
  ['ULT-UXT-4', 'UltraSeal XT hydro, 4 syringes of 1.2 ml', 'Ultradent', `${PR}Sealants`, 'ml', 'pack', 5, '52.00', true],
  ['VOC-FIS-SEAL', 'Grandio Seal, 2 syringes of 2 g', 'VOCO', `${PR}Sealants`, 'g', 'pack', 4, '41.00', true],
  // Preventive › Whitening
  ['ULT-OPA-BOOST', 'Opalescence Boost 40 % in-office whitening, 4 patient kit', 'Ultradent', `${PR}Whitening`, 'kit', 'pack', 4, '196.00', true],
  ['ULT-OPA-PF10', 'Opalescence PF 10 % take-home, 8 syringes', 'Ultradent', `${PR}Whitening`, 'syringe', 'pack', 8, '74.00', true],
  ['DS-TRAY-SHEET', 'Bleaching tray sheets 1 mm, 125 mm', 'Dentsply Sirona', `${PR}Whitening`, 'sheet', 'box', 25, '32.00', false],
  // Preventive › Desensitisers
  ['KUL-GLU-5', 'Gluma desensitizer, 5 ml', 'Kulzer', `${PR}Desensitisers`, 'ml', 'bottle', 5, '69.00', true],
  ['COL-DUR-SENS', 'Duraphat desensitising varnish, 10 ml', 'Colgate', `${PR}Desensitisers`, 'ml', 'tube', 10, '26.00', true],
  ['GC-TOO-MOU', 'Tooth Mousse, 40 g tube', 'GC', `${PR}Desensitisers`, 'g', 'tube', 40, '18.50', true],

  // Surgical › Sutures (boxes of 12)
  ...family(['3-0', '4-0', '5-0'], ['ETH-VIC-{v}', 'Vicryl Rapide {v}, FS-2 needle, 45 cm', 'Ethicon', `${SU}Sutures`, 'each', 'box', 12, '68.00', true], (v) => v),
  ...family(['3-0', '4-0'], ['ETH-SILK-{v}', 'Mersilk braided silk {v}, FS-2 needle', 'Ethicon', `${SU}Sutures`, 'each', 'box', 36, '72.00', true], (v) => v),
  ['ETH-MON-5', 'Monocryl 5-0, P-3 needle', 'Ethicon', `${SU}Sutures`, 'each', 'box', 12, '96.00', true],
  ...family(['3-0', '4-0', '5-0'], ['HS-PGA-{v}', 'PGA absorbable suture {v}, 3/8 reverse cutting 19 mm', 'Henry Schein', `${SU}Sutures`, 'each', 'box', 12, '39.00', true], (v) => v),
  ['HS-CHR-3', 'Chromic gut 3-0, 3/8 reverse cutting', 'Henry Schein', `${SU}Sutures`, 'each', 'box', 12, '42.00', true],
  ['HF-PTFE-4', 'PTFE monofilament 4-0, 3/8 reverse cutting', 'Hu-Friedy', `${SU}Sutures`, 'each', 'box', 12, '118.00', true],
  // Surgical › Blades
  ...family(['11', '12', '15', '15C'], ['HS-BLD-{v}', 'Sterile scalpel blades #{v}, carbon steel', 'Henry Schein', `${SU}Blades`, 'each', 'box', 100, '17.00', true]),
  ['HF-HND-3', 'Scalpel handle #3', 'Hu-Friedy', `${SU}Blades`, 'each', 'each', 1, '14.00', false],
  // Surgical › Haemostatics
  ['ETH-SURG-OR', 'Surgicel original oxidised cellulose 5 × 7.5 cm', 'Ethicon', `${SU}Haemostatics`, 'each', 'box', 12, '124.00', true],
  ['ETH-SPON-STD', 'Spongostan dental sponges 1 × 1 × 1 cm', 'Ethicon', `${SU}Haemostatics`, 'each', 'box', 24, '58.00', true],
  ['ZIM-COLLA-PLG', 'CollaPlug collagen wound dressing', 'Zimmer Biomet', `${SU}Haemostatics`, 'each', 'box', 10, '79.00', true],
  ['SEP-ALVO-12', 'Alvogyl alveolar dressing, 12 g', 'Septodont', `${SU}Haemostatics`, 'g', 'jar', 12, '38.00', true],
  ['ULT-VISC-30', 'ViscoStat ferric sulfate 20 %, 30 ml', 'Ultradent', `${SU}Haemostatics`, 'ml', 'bottle', 30, '36.00', true],
  ['HS-TXA-GAUZE', 'Haemostatic gauze, tranexamic-acid impregnated', 'Henry Schein', `${SU}Haemostatics`, 'each', 'box', 10, '64.00', true],
  // Surgical › Bone grafts and membranes
  ...family(['0.25 g', '0.5 g', '2 g'], ['GEI-BIO-{v}', 'Bio-Oss small granules, {v}', 'Geistlich', `${SU}Bone grafts`, 'vial', 'vial', 1, '89.00', true], (v) => v.replace(/[^0-9]/g, '')),
  ['GEI-BOC-100', 'Bio-Oss Collagen block, 100 mg', 'Geistlich', `${SU}Bone grafts`, 'each', 'each', 1, '82.00', true],
  ['ZIM-PUROS-05', 'Puros cancellous allograft, 0.5 cc', 'Zimmer Biomet', `${SU}Bone grafts`, 'vial', 'vial', 1, '115.00', true],
  ['BIOH-MINE-1', 'MinerOss mineralised allograft, 1 cc', 'BioHorizons', `${SU}Bone grafts`, 'vial', 'vial', 1, '128.00', true],
  ['GEI-BGD-1325', 'Bio-Gide membrane 13 × 25 mm', 'Geistlich', `${SU}Membranes`, 'each', 'each', 1, '139.00', true],
  ['GEI-BGD-2530', 'Bio-Gide membrane 25 × 25 mm', 'Geistlich', `${SU}Membranes`, 'each', 'each', 1, '189.00', true],
  ['ZIM-COPIOS-15', 'Copios pericardium membrane 15 × 20 mm', 'Zimmer Biomet', `${SU}Membranes`, 'each', 'each', 1, '168.00', true],
  ['BIOH-MEM-1520', 'Mem-Lok resorbable collagen membrane 15 × 20 mm', 'BioHorizons', `${SU}Membranes`, 'each', 'each', 1, '159.00', true],
  // Surgical › Irrigation
  ['HS-NACL-250', 'Sterile saline 0.9 %, 250 ml', 'Henry Schein', `${SU}Irrigation`, 'ml', 'bottle', 250, '2.40', true],
  ['HS-NACL-1L', 'Sterile saline 0.9 % for surgical motors, 1 l bag', 'Henry Schein', `${SU}Irrigation`, 'ml', 'bag', 1000, '5.60', true],
  ['WH-IRR-TUBE', 'Implantmed irrigation tubing sets, sterile', 'W&H', `${SU}Irrigation`, 'each', 'box', 10, '64.00', true],
  ['HS-CHX-012', 'Chlorhexidine mouth rinse 0.12 %, 473 ml', 'Henry Schein', `${SU}Irrigation`, 'ml', 'bottle', 473, '6.80', true],

  // Implants › Fixtures
  ...family(['3.3 × 10 mm', '4.1 × 10 mm', '4.1 × 12 mm', '4.8 × 10 mm'], ['STR-BLT-{v}', 'BLT implant Roxolid SLActive, {v}', 'Straumann', `${IP}Fixtures`, 'each', 'each', 1, '329.00', true], (v) => v.replace(/[^0-9]/g, '')),
  ...family(['NP 3.5 × 10 mm', 'RP 4.3 × 10 mm', 'RP 4.3 × 11.5 mm', 'RP 5.0 × 10 mm'], ['NOB-NA-{v}', 'NobelActive TiUltra implant, {v}', 'Nobel Biocare', `${IP}Fixtures`, 'each', 'each', 1, '345.00', true], (v) => v.replace(/[^0-9A-Z]/g, '')),
  ...family(['3.8 × 10.5 mm', '4.6 × 10.5 mm', '4.6 × 12 mm'], ['BIOH-TPR-{v}', 'Tapered Pro implant, {v}', 'BioHorizons', `${IP}Fixtures`, 'each', 'each', 1, '279.00', true], (v) => v.replace(/[^0-9]/g, '')),
  ...family(['3.7 × 10 mm', '4.7 × 10 mm', '4.7 × 11.5 mm'], ['ZIM-TSV-{v}', 'Tapered Screw-Vent implant, {v}', 'Zimmer Biomet', `${IP}Fixtures`, 'each', 'each', 1, '265.00', true], (v) => v.replace(/[^0-9]/g, '')),
  // Implants › Healing abutments, cover screws, copings, abutments, drills
  ...family(['NC', 'RC'], ['STR-HA-{v}', 'Healing abutment BL, {v}, 4 mm', 'Straumann', `${IP}Healing abutments`, 'each', 'each', 1, '58.00', true]),
  ...family(['NP', 'RP'], ['NOB-HA-{v}', 'Healing abutment conical connection, {v}, 5 mm', 'Nobel Biocare', `${IP}Healing abutments`, 'each', 'each', 1, '61.00', true]),
  ['BIOH-HA-45', 'Healing abutment 4.5 mm, 3 mm cuff', 'BioHorizons', `${IP}Healing abutments`, 'each', 'each', 1, '49.00', true],
  ['STR-CS-RC', 'Closure screw BL, RC', 'Straumann', `${IP}Cover screws`, 'each', 'each', 1, '29.00', true],
  ['NOB-CS-RP', 'Cover screw conical connection, RP', 'Nobel Biocare', `${IP}Cover screws`, 'each', 'each', 1, '31.00', true],
  ...family(['NC', 'RC'], ['STR-IC-{v}', 'Impression post closed tray BL, {v}', 'Straumann', `${IP}Impression copings`, 'each', 'each', 1, '72.00', true]),
  ...family(['NP', 'RP'], ['NOB-IC-{v}', 'Impression coping open tray, {v}', 'Nobel Biocare', `${IP}Impression copings`, 'each', 'each', 1, '76.00', true]),
  ['STR-VAR-RC', 'Variobase for crown, RC', 'Straumann', `${IP}Abutments`, 'each', 'each', 1, '139.00', true],
  ['NOB-UNI-RP', 'Universal Base abutment, RP', 'Nobel Biocare', `${IP}Abutments`, 'each', 'each', 1, '142.00', true],
  ['BIOH-ABT-45', 'Straight titanium abutment 4.5 mm', 'BioHorizons', `${IP}Abutments`, 'each', 'each', 1, '119.00', true],
  ['ZIM-ABT-TSV', 'Hex-Lock contour abutment', 'Zimmer Biomet', `${IP}Abutments`, 'each', 'each', 1, '112.00', true],
  ['STR-DRL-PIL', 'BLT pilot drill 2.2 mm', 'Straumann', `${IP}Drills`, 'each', 'each', 1, '89.00', false],
  ['NOB-DRL-2', 'Twist drill 2 mm with tip', 'Nobel Biocare', `${IP}Drills`, 'each', 'each', 1, '92.00', false],
  ['BIOH-DRL-KIT', 'Tapered Pro drill sequence refill', 'BioHorizons', `${IP}Drills`, 'each', 'pack', 4, '296.00', false],

  // Orthodontics
  ['3M-VIC-MBT', 'Victory Series brackets MBT .022, 5-5 kit', '3M', `${OR}Brackets`, 'kit', 'kit', 1, '118.00', true],
  ['3M-CLA-ADV', 'Clarity Advanced ceramic brackets, 5-5 kit', '3M', `${OR}Brackets`, 'kit', 'kit', 1, '389.00', true],
  ['AO-MINI-MBT', 'Mini Master brackets MBT .022, 5-5 kit', 'American Orthodontics', `${OR}Brackets`, 'kit', 'kit', 1, '89.00', true],
  ['AO-BUC-TUB', 'Bondable buccal tubes, first molars, set of 4', 'American Orthodontics', `${OR}Brackets`, 'kit', 'pack', 10, '124.00', true],
  ...family(['.014 upper', '.014 lower', '.016 upper', '.016 lower', '.016×.022 upper', '.016×.022 lower', '.019×.025 SS upper', '.019×.025 SS lower'], ['AO-WIR-{v}', 'Archwire {v}', 'American Orthodontics', `${OR}Archwires`, 'each', 'pack', 10, '19.50', true], (v) => v.replace(/[^0-9A-Za-z]/g, '').replace('upper', 'U').replace('lower', 'L')),
  ['AO-LIG-CLR', 'Elastic ligatures, clear, 1008 pieces', 'American Orthodontics', `${OR}Elastics`, 'each', 'pack', 1008, '18.00', false],
  ['AO-LIG-ASS', 'Elastic ligatures, assorted colours, 1008 pieces', 'American Orthodontics', `${OR}Elastics`, 'each', 'pack', 1008, '18.00', false],
  ['AO-PCH-CLR', 'Power chain, closed, clear, 4.5 m', 'American Orthodontics', `${OR}Elastics`, 'roll', 'roll', 1, '12.50', false],
  ...family(['1/8 in 3.5 oz', '3/16 in 4.5 oz', '1/4 in 6 oz'], ['AO-INT-{v}', 'Intraoral elastics {v}, 100 bags of 100', 'American Orthodontics', `${OR}Elastics`, 'bag', 'pack', 100, '68.00', false], (v) => v.replace(/[^0-9]/g, '')),
  ['AO-BND-KIT', 'Molar bands with tubes, assorted kit', 'American Orthodontics', `${OR}Bands`, 'each', 'kit', 40, '210.00', true],
  ['AO-SEP-ELA', 'Separating elastics', 'American Orthodontics', `${OR}Bands`, 'each', 'pack', 1000, '16.00', false],
  ['3M-TBX-SYR', 'Transbond XT light cure adhesive, 4 g syringe', '3M', `${OR}Adhesives`, 'g', 'syringe', 4, '54.00', true],
  ['3M-TBX-PRM', 'Transbond XT primer, 6 ml', '3M', `${OR}Adhesives`, 'ml', 'bottle', 6, '46.00', true],
  ['GC-FUJI-ORT', 'Fuji Ortho LC band cement, capsules', 'GC', `${OR}Adhesives`, 'capsule', 'box', 40, '119.00', true],
  ['DS-ESX-030', 'Essix ACE retainer sheets 0.030 in, round', 'Dentsply Sirona', `${OR}Retainer materials`, 'sheet', 'box', 25, '58.00', false],
  ['DS-ESX-040', 'Essix C+ retainer sheets 0.040 in, round', 'Dentsply Sirona', `${OR}Retainer materials`, 'sheet', 'box', 25, '62.00', false],
  ['AO-RET-WIR', 'Bonded retainer wire, braided 0.0195 in', 'American Orthodontics', `${OR}Retainer materials`, 'each', 'pack', 10, '29.00', true],

  // Radiography
  ...family(['0', '1', '2'], ['DUR-PSP-{v}', 'VistaScan hygienic bags, size {v}', 'Dürr Dental', `${RA}Phosphor plate covers`, 'each', 'box', 300, '34.00', false]),
  ...family(['1', '2'], ['HS-SSL-{v}', 'Digital sensor sleeves, size {v}', 'Henry Schein', `${RA}Sensor sleeves`, 'each', 'box', 500, '27.00', false]),
  ...family(['1', '2'], ['PAT-SSL-{v}', 'Sensor sheaths, size {v}', 'Patterson', `${RA}Sensor sleeves`, 'each', 'box', 500, '24.00', false]),
  ['CRO-SSL-UNI', 'Universal sensor barrier sleeves', 'Crosstex', `${RA}Sensor sleeves`, 'each', 'box', 500, '29.00', false],
  ...family(['Size 0', 'Size 2'], ['ACT-FILM-{v}', 'Intraoral film F-speed, {v}', 'Acteon', `${RA}Films`, 'each', 'box', 150, '78.00', true], (v) => v.replace(/[^0-9]/g, '')),
  ['ACT-FILM-OCC', 'Occlusal film, size 4', 'Acteon', `${RA}Films`, 'each', 'box', 25, '54.00', true],
  ['DS-XCP-KIT', 'XCP-ORA positioning kit', 'Dentsply Sirona', `${RA}Positioners`, 'kit', 'kit', 1, '96.00', false],
  ['DS-XCP-BW', 'XCP bitewing blocks, disposable', 'Dentsply Sirona', `${RA}Positioners`, 'each', 'box', 100, '38.00', false],
  ['HS-BWT-TAB', 'Bitewing tabs, adhesive', 'Henry Schein', `${RA}Positioners`, 'each', 'box', 500, '16.00', false],
  ['HS-THY-COL', 'Thyroid collar cover, disposable', 'Henry Schein', `${RA}Positioners`, 'each', 'box', 100, '22.00', false],

  // Disposables
  ...family(['White', 'Blue', 'Mint'], ['MED-BIB-{v}', 'Patient bibs 2-ply tissue + 1-ply poly, {v}', 'Medicom', `${DI}Bibs`, 'each', 'case', 500, '29.00', false], (v) => v.slice(0, 3).toUpperCase()),
  ...family(['White', 'Blue', 'Lavender'], ['CRO-BIB-{v}', 'Patient towels 3-ply, {v}', 'Crosstex', `${DI}Bibs`, 'each', 'case', 500, '33.50', false], (v) => v.slice(0, 3).toUpperCase()),
  ['HS-BIB-CLP', 'Bib clips, disposable', 'Henry Schein', `${DI}Bibs`, 'each', 'box', 250, '21.00', false],
  ['MED-CUP-5', 'Plastic cups 150 ml, white', 'Medicom', `${DI}Cups`, 'each', 'case', 1000, '24.00', false],
  ['HS-CUP-PAP', 'Paper cups 150 ml', 'Henry Schein', `${DI}Cups`, 'each', 'case', 1000, '19.00', false],
  ...family(['Clear', 'Blue'], ['MED-SE-{v}', 'Saliva ejectors, {v}', 'Medicom', `${DI}Saliva ejectors`, 'each', 'pack', 100, '4.20', false], (v) => v.slice(0, 3).toUpperCase()),
  ['HS-SE-VNT', 'Saliva ejectors, vented, soft tip', 'Henry Schein', `${DI}Saliva ejectors`, 'each', 'pack', 100, '5.10', false],
  ['HS-SE-SURG', 'Surgical aspirator tips, sterile, 1/8 in', 'Henry Schein', `${DI}Saliva ejectors`, 'each', 'box', 25, '14.00', false],
  ['MED-HVE-STD', 'HVE evacuator tips, vented', 'Medicom', `${DI}HVE tips`, 'each', 'pack', 100, '8.90', false],
  ['HS-HVE-SCR', 'HVE tips with screen', 'Henry Schein', `${DI}HVE tips`, 'each', 'pack', 100, '11.40', false],
  ...family(['1', '2', '3'], ['HS-CR-{v}', 'Cotton rolls no. {v}, non-sterile', 'Henry Schein', `${DI}Cotton rolls`, 'each', 'bag', 1000, '6.90', false]),
  ['PAT-CR-2', 'Cotton rolls no. 2, braided', 'Patterson', `${DI}Cotton rolls`, 'each', 'bag', 2000, '12.50', false],
  ['HS-DRY-TIP', 'Dry Tips absorbent pads, small', 'Henry Schein', `${DI}Cotton rolls`, 'each', 'box', 50, '17.00', false],
  ['HS-GAU-5X5', 'Non-woven gauze sponges 5 × 5 cm, 4-ply', 'Henry Schein', `${DI}Gauze`, 'each', 'pack', 200, '3.90', false],
  ['HS-GAU-ST', 'Sterile gauze swabs 7.5 × 7.5 cm, pairs', 'Henry Schein', `${DI}Gauze`, 'each', 'box', 100, '14.50', true],
  ['MED-GAU-10', 'Gauze sponges 10 × 10 cm, 8-ply', 'Medicom', `${DI}Gauze`, 'each', 'pack', 200, '6.40', false],
  ['HS-AWT-PLS', 'Air/water syringe tips, disposable', 'Henry Schein', `${DI}Syringe tips`, 'tip', 'pack', 250, '32.00', false],
  ['CRO-AWT-TRI', 'Air/water tips, universal', 'Crosstex', `${DI}Syringe tips`, 'tip', 'pack', 250, '34.00', false],
  ...family(['Regular', 'Fine', 'Superfine'], ['MIC-BRU-{v}', 'Microbrush applicators, {v}', 'Young', `${DI}Microbrushes`, 'each', 'pack', 400, '22.00', false], (v) => v.slice(0, 3).toUpperCase()),
  ['HS-TNG-DEP', 'Wooden tongue depressors', 'Henry Schein', `${DI}Gauze`, 'each', 'box', 500, '7.40', false],
  ['HS-FLS-AMB', 'Floss picks for patients', 'Henry Schein', `${DI}Cups`, 'each', 'box', 144, '8.00', false],
  ['SAF-TOOTHBR', 'Patient toothbrushes, soft, individually wrapped', 'Safco', `${DI}Cups`, 'each', 'box', 72, '34.00', false],

  // Burs (packs of 5 diamonds, 10 carbides)
  ...family(['Round 801-014', 'Flat-end taper 847-016', 'Round-end taper 856-016', 'Flame 862-012', 'Pear 830-014', 'Football 379-023', 'Cylinder 835-012', 'Inverted cone 805-010'], ['HW-DIA-{v}', 'Diamond burs FG, {v}, medium grit', 'Hager & Werken', `${BU}Diamond burs`, 'each', 'pack', 5, '11.50', false], (v) => v.split(' ').pop()!.replace(/[^0-9]/g, '')),
  ...family(['Flame 862-012F', 'Round-end taper 856-016F', 'Football 379-023F'], ['HW-DIA-{v}', 'Diamond burs FG, {v}, fine grit (finishing)', 'Hager & Werken', `${BU}Diamond burs`, 'each', 'pack', 5, '12.50', false], (v) => v.split(' ').pop()!.replace(/[^0-9F]/g, '')),
  ...family(['856', '881', '850'], ['SHO-DIA-{v}', 'Robot diamond point FG {v}, medium', 'Shofu', `${BU}Diamond burs`, 'each', 'pack', 5, '14.00', false]),
  ['KER-DIA-ZIR', 'Zirconia cutting diamonds, assorted', 'Kerr', `${BU}Diamond burs`, 'each', 'pack', 5, '39.00', false],
  ...family(['330', '245', '2', '4', '6', '557', '1557', '169L', '7901', '7406'], ['HS-CAR-{v}', 'Carbide burs FG #{v}', 'Henry Schein', `${BU}Carbide burs`, 'each', 'pack', 10, '13.90', false]),
  ...family(['4', '6', '8'], ['HS-CRA-{v}', 'Carbide burs RA #{v}', 'Henry Schein', `${BU}Carbide burs`, 'each', 'pack', 10, '12.90', false]),
  ['DS-TCB-FG', 'Crown-cutting carbide burs FG, 5 pack', 'Dentsply Sirona', `${BU}Carbide burs`, 'each', 'pack', 5, '29.00', false],
  ...family(['702L', '703L', 'Lindemann'], ['HS-SUR-{v}', 'Surgical burs HP {v}', 'Henry Schein', `${BU}Surgical burs`, 'each', 'pack', 5, '26.00', false], (v) => v.slice(0, 4).toUpperCase()),
  ['BA-SUR-RND', 'Surgical round burs HP #8, sterile', 'Bien-Air', `${BU}Surgical burs`, 'each', 'pack', 5, '32.00', false],

  // Prosthodontics
  ['3M-RXU-CLK', 'RelyX Universal resin cement, A1, 8.5 g', '3M', `${PS}Cements`, 'g', 'syringe', 9, '129.00', true],
  ['3M-RXU2-ACL', 'RelyX Unicem 2 Automix, A2, 8.5 g', '3M', `${PS}Cements`, 'g', 'syringe', 9, '119.00', true],
  ['KN-PSA-UNV', 'Panavia SA cement universal, 8.8 g', 'Kuraray Noritake', `${PS}Cements`, 'g', 'syringe', 9, '124.00', true],
  ['IVO-VAR-KIT', 'Variolink Esthetic DC system kit', 'Ivoclar', `${PS}Cements`, 'g', 'kit', 10, '219.00', true],
  ['GC-FPL-CAP', 'FujiCEM Evolve resin-modified glass ionomer cement, 9.2 g', 'GC', `${PS}Cements`, 'g', 'syringe', 9, '98.00', true],
  ['3M-KCM-CAP', 'Ketac Cem Aplicap', '3M', `${PS}Cements`, 'capsule', 'box', 50, '126.00', true],
  ['KER-TBN-NE', 'TempBond NE temporary cement, tubes', 'Kerr', `${PS}Cements`, 'g', 'pack', 65, '34.00', true],
  ['3M-RXT-NE', 'RelyX Temp NE temporary cement, 36 g', '3M', `${PS}Cements`, 'g', 'pack', 36, '46.00', true],
  ['PRE-IMPLA-CEM', 'Premier Implant Cement, 2 syringes of 5 ml', 'Premier', `${PS}Cements`, 'ml', 'pack', 10, '49.00', true],
  ...family(['A1', 'A2', 'A3', 'B1'], ['3M-PRO4-{v}', 'Protemp 4 temporary crown and bridge, {v}, 50 ml', '3M', `${PS}Temporary crowns`, 'ml', 'kit', 50, '92.00', true]),
  ['DMG-LUX-A2', 'Luxatemp Ultra, A2, 76 g cartridge', 'DMG', `${PS}Temporary crowns`, 'g', 'cartridge', 76, '98.00', true],
  ['VOC-STR-A2', 'Structur 3, A2, 75 g cartridge', 'VOCO', `${PS}Temporary crowns`, 'g', 'cartridge', 75, '86.00', true],
  ...family(['000', '00', '0', '1', '2'], ['ULT-UPK-{v}', 'Ultrapak knitted retraction cord #{v}, 244 cm', 'Ultradent', `${PS}Retraction`, 'each', 'each', 1, '21.00', false]),
  ['ACT-EXP-CAP', 'Expasyl retraction paste capsules', 'Acteon', `${PS}Retraction`, 'capsule', 'box', 20, '79.00', true],
  ['3M-ARC-RET', 'Astringent retraction paste capsules', '3M', `${PS}Retraction`, 'capsule', 'box', 20, '82.00', true],
  ['3M-SSC-KIT', 'Stainless steel primary molar crowns, refills of 5', '3M', `${PS}Crown forms`, 'each', 'pack', 5, '39.00', false],
  ['3M-POLY-CRF', 'Polycarbonate crown forms, assorted', '3M', `${PS}Crown forms`, 'each', 'box', 180, '168.00', false],
  ['3M-STR-CRF', 'Strip crown forms, primary incisors', '3M', `${PS}Crown forms`, 'each', 'box', 30, '58.00', false],
  ['COL-SOFT-LIN', 'Coe-Soft denture reliner', 'GC', `${PS}Denture materials`, 'g', 'kit', 150, '69.00', true],
  ['GC-RELINE-HD', 'Reline II hard chairside reline, 2 × 48 ml', 'GC', `${PS}Denture materials`, 'ml', 'pack', 96, '94.00', true],
  ['KUL-PALA-REP', 'Pala repair self-cure acrylic, 80 g', 'Kulzer', `${PS}Denture materials`, 'g', 'kit', 80, '48.00', true],
  ['GC-FIT-CHK', 'Fit Checker pressure-indicating paste', 'GC', `${PS}Denture materials`, 'g', 'kit', 92, '56.00', true],
  ['GC-TIS-COND', 'Tissue Conditioner, powder and liquid', 'GC', `${PS}Denture materials`, 'g', 'kit', 90, '62.00', true],
];

export const PRODUCTS: SeedProduct[] = rows.map(product);
