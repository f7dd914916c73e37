/**
 * Demand classification of Syntetos, Boylan & Croston (2005): ADI (average inter-demand interval)
 * against 1.32 and CV² (squared coefficient of variation of the non-zero sizes) against 0.49.
 */
export type DemandClass = 'smooth' | 'erratic' | 'intermittent' | 'lumpy' | 'no-demand';

export interface Classification {
  class: DemandClass;
  /** Average number of periods between demands (periods / demands); Infinity with no demand. */
  adi: number;
  /** CV² of non-zero demand sizes (population variance / mean²); 0 with fewer than two demands. */
  cv2: number;
  /** Number of non-zero periods. */
  demands: number;
}

export const ADI_CUTOFF = 1.32;
export const CV2_CUTOFF = 0.49;

export function classify(y: readonly number[]): Classification {
  let count = 0;
  let s = 0;
  let s2 = 0;
  for (const v of y) {
    if (v > 0) {
      count++;
      s += v;
      s2 += v * v;
    }
  }
  if (count === 0) return { class: 'no-demand', adi: Infinity, cv2: 0, demands: 0 };
  const adi = y.length / count;
  const mu = s / count;
  const cv2 = count > 1 ? Math.max(0, s2 / count - mu * mu) / (mu * mu) : 0;
  const cls: DemandClass = adi <= ADI_CUTOFF ? (cv2 <= CV2_CUTOFF ? 'smooth' : 'erratic') : cv2 <= CV2_CUTOFF ? 'intermittent' : 'lumpy';
  return { class: cls, adi, cv2, demands: count };
}
