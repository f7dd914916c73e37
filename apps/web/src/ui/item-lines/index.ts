export { ItemLinesEditor, pickLine, type ItemLinesForm, type ItemLinesValues } from './ItemLinesEditor.tsx';
export { addLine, isPositiveQuantity, lineBodies, lineCost, linesCost, quantityText, sameLines, type ItemLine, type PickedProduct } from './item-lines.ts';
