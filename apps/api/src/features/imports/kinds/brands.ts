import { brandBodySchema } from '@enamel/contracts';
import { blankToNull } from '../../../core/import/kind.ts';
import { defineRecordKind } from '../../../core/import/record-kind.ts';

/** Brands: natural key the name, case-insensitive. */
export const brandKind = defineRecordKind({
  name: 'brand',
  subject: 'Brand',
  table: 'brands',
  key: 'name',
  conflict: 'lower(name)',
  schema: brandBodySchema,
  columns: {
    name: { required: true, example: 'Septodont', type: 'varchar(120)' },
    manufacturer: { example: 'Septodont Holding', type: 'varchar(160)' },
    website: { example: 'https://www.septodont.com', type: 'varchar(300)' },
  },
  body: (cells) => ({ name: cells.name, manufacturer: blankToNull(cells.manufacturer), website: blankToNull(cells.website) }),
});
