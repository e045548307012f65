// The readability helper itself: it reads the width and font sizes from attributes and styles,
// and fails naming the smallest text.
import { describe, expect, it } from 'vitest';
import { expectReadableText, svgWidth, textSizes } from './textSize.js';

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
