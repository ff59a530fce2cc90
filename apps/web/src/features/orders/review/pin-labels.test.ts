import { describe, expect, it } from 'vitest';
import { spreadLabels, type LabelBox } from './pin-labels';

const box = (left: number, top: number, width = 24, height = 20): LabelBox => ({ left, top, width, height });
const clear = (boxes: LabelBox[], tops: number[]) => {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = { ...boxes[i]!, top: tops[i]! };
      const b = { ...boxes[j]!, top: tops[j]! };
      const apart = a.left >= b.left + b.width || b.left >= a.left + a.width || a.top >= b.top + b.height || b.top >= a.top + a.height;
      expect(apart, `tags ${i + 1} and ${j + 1} overlap`).toBe(true);
    }
};

describe('spreadLabels', () => {
  it('leaves tags that do not touch where their pins are', () => {
    const boxes = [box(10, 10), box(100, 12), box(10, 60)];
    expect(spreadLabels(boxes)).toEqual([10, 12, 60]);
  });

  it('stacks tags of pins at nearly the same point, the lowest pin keeping its place', () => {
    const boxes = [box(50, 100), box(52, 103), box(49, 101)];
    const tops = spreadLabels(boxes);
    expect(tops[1]).toBe(103); // the lowest on the screen stays
    clear(boxes, tops);
    // Each moved tag sits just above the one it met, with the gap: a column 22 px a step.
    expect([...tops].sort((a, b) => b - a)).toEqual([103, 81, 59]);
  });

  it('clears a tag that a move pushed into a third one', () => {
    const boxes = [box(0, 100), box(0, 95), box(0, 78, 24, 20)];
    const tops = spreadLabels(boxes);
    clear(boxes, tops);
    expect(tops[0]).toBe(100);
  });

  it('keeps tags side by side when they are apart sideways', () => {
    const boxes = [box(0, 100), box(30, 100)];
    expect(spreadLabels(boxes)).toEqual([100, 100]);
  });
});
