import { describe, expect, it } from 'vitest';
import { parseProductBarcode } from '@enamel/contracts';
import { asScannedText, cameraProblem } from './scanner.ts';

const GS = String.fromCharCode(29);

describe('the camera scanner', () => {
  it('hands the GS1 parser what a native reader returns for a GS1 DataMatrix or GS1-128 (FNC1 as GS), an EAN-13 and the WebAssembly reader’s bracketed text', () => {
    const expected = { gtin: '09506000134352', lot: 'LOT42', expiry: '2027-12-31', serial: null };
    expect(parseProductBarcode(asScannedText(`0109506000134352${GS}17271231${GS}10LOT42`))).toEqual({ ...expected });
    expect(parseProductBarcode(asScannedText(`${GS}010950600013435210LOT42${GS}17271231`))).toEqual({ ...expected });
    expect(parseProductBarcode(asScannedText('(01)09506000134352(17)271231(10)LOT42'))).toEqual(expected);
    expect(parseProductBarcode(asScannedText(' 4006381333931 '))).toEqual({ gtin: '04006381333931', lot: null, expiry: null, serial: null });
    expect(asScannedText(`]d20109506000134352${GS}10LOT42`)).toBe(`]d20109506000134352${GS}10LOT42`);
  });

  it('says why the camera did not start: refused, none, or anything else', () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(cameraProblem(new DOMException('no', 'NotFoundError'))).toBe('noCamera');
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toBe('noCamera');
    expect(cameraProblem(new Error('wasm failed to load'))).toBe('failed');
  });
});
