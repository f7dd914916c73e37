// The entry of a PDF layout thread (core/pdf-table.ts): TypeScript through tsx, as the server is run, then the layout.
import { register } from 'tsx/esm/api';

register();
const { layoutPdf } = await import('./pdf-layout.ts');
export default layoutPdf;
