/** A pin's number tag on the viewer: where its marker is on the screen, and the tag's size. */
export interface LabelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where each tag goes so that none covers another: pins a few tenths of a millimetre apart project to nearly the
 * same point, and their numbers were drawn over each other. Tags are placed from the lowest on the screen up; one
 * that would cover a tag already placed moves up just above it (and again, until it is clear), so the numbers read
 * as a column next to the markers. Sideways positions are kept. Returns the tops, in the order given.
 */
export function spreadLabels(boxes: LabelBox[], gap = 2): number[] {
  const tops = boxes.map((b) => b.top);
  const placed: number[] = [];
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[b]!.top - boxes[a]!.top);
  const overlaps = (i: number, j: number) => {
    const a = boxes[i]!;
    const b = boxes[j]!;
    return a.left < b.left + b.width && b.left < a.left + a.width && tops[i]! < tops[j]! + b.height + gap && tops[j]! < tops[i]! + a.height + gap;
  };
  for (const i of order) {
    // Each move goes above the tag it met, so this ends after at most one move per placed tag.
    for (let moved = true; moved; ) {
      moved = false;
      for (const j of placed) {
        if (overlaps(i, j)) {
          tops[i] = tops[j]! - boxes[i]!.height - gap;
          moved = true;
        }
      }
    }
    placed.push(i);
  }
  return tops;
}
