// The readability helper itself: it reads the width and font sizes from attributes and styles,
// and fails naming the smallest text.
import { describe, expect, it } from 'vitest';
import { expectReadableMarks, expectReadableText, markSizes, svgWidth, textSizes } from './textSize.js';

const doc = (body: string, root = 'width="1000" height="500"') => `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${body}</svg>`;

describe('textSizes', () => {
  it('given attributes, inline styles and a <style> block, then every size is read and the smallest named', () => {
    const svg = doc(
      '<style>.k { font-size: 31px }</style><text x="0" y="0" font-size="40">Big</text>' +
        '<text style="fill:#000; font-size: 26px">Styled &amp; small</text><g font-size="30"><text>in g</text></g>',
    );
    const r = textSizes(svg);
    expect(r.width).toBe(1000);
    expect(r.sizes.sort()).toEqual([26, 30, 31, 40]);
    expect(r.smallest).toEqual({ size: 26, text: 'Styled & small' });
  });

  it('given a viewBox only, then the width comes from it', () => {
    expect(svgWidth(doc('', 'viewBox="0 0 640 480"'))).toBe(640);
  });

  it('given text under 2.5 % of the width, then the check fails and names it', () => {
    expect(() => expectReadableText(doc('<text font-size="24.9">Tiny label</text><text font-size="30">ok</text>'), 'case')).toThrow(
      /"Tiny label" is 24.9 px, under 2.5 % of the 1000 px width/,
    );
    expect(() => expectReadableText(doc('<text font-size="25">Fine</text>'), 'case')).not.toThrow();
  });
});

describe('markSizes', () => {
  it('given dots, boxes, bars, outlines and the background, then dots count by diameter and boxes by their larger side', () => {
    const svg = doc(
      '<rect width="1000" height="500" fill="#fff"/><circle cx="5" cy="5" r="5" fill="red"/><rect x="0" y="0" width="6" height="5" fill="blue"/>' +
        '<rect x="0" y="0" width="300" height="8" fill="red"/><rect x="0" y="0" width="10" height="10" fill="none" stroke="red"/>',
    );
    expect(markSizes(svg).map((m) => [m.kind, m.size])).toEqual([['circle', 10], ['rect', 6], ['rect', 300]]);
  });

  it('given a dot or a box under 2.5 % of the width, then the check fails and names it', () => {
    expect(() => expectReadableMarks(doc('<circle cx="5" cy="5" r="5" fill="red"/>'), 'dots')).toThrow(/dots: a circle 10 px across, under 2.5 % of the 1000 px width/);
    expect(() => expectReadableMarks(doc('<rect x="1" y="1" width="24" height="20" fill="red"/>'), 'pip')).toThrow(/a rect 24 px across/);
    expect(() => expectReadableMarks(doc('<circle cx="5" cy="5" r="13" fill="red"/><rect x="1" y="1" width="26" height="20" fill="red"/>'), 'fine')).not.toThrow();
  });
});
