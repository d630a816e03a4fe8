import { describe, expect, it } from 'vitest';
import { safeImage, safeLink } from './safeUrl';

const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/relative/path',
  'not a url',
  '',
  null,
  undefined,
];

describe('safeLink', () => {
  it('keeps an absolute https address', () => {
    expect(safeLink('https://www.mercadolibre.com.ar/c/celulares')).toBe('https://www.mercadolibre.com.ar/c/celulares');
  });

  it.each(hostile)('refuses %j', (value) => {
    expect(safeLink(value)).toBeUndefined();
  });

  it('refuses plain http and pictures as links', () => {
    expect(safeLink('http://www.mercadolibre.com.ar/c/celulares')).toBeUndefined();
    expect(safeLink('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
  });
});

describe('safeImage', () => {
  it.each(['demo', 'live'] as const)('keeps an https picture in %s mode', (mode) => {
    expect(safeImage('https://http2.mlstatic.com/D_1.jpg', mode)).toBe('https://http2.mlstatic.com/D_1.jpg');
  });

  it.each(hostile)('refuses %j in either mode', (value) => {
    expect(safeImage(value, 'demo')).toBeUndefined();
    expect(safeImage(value, 'live')).toBeUndefined();
  });

  it('takes http and data pictures in demo mode only', () => {
    const local = 'http://localhost:4400/pictures/1.png';
    const svg = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
    expect(safeImage(local, 'demo')).toBe(local);
    expect(safeImage(svg, 'demo')).toBe(svg);
    expect(safeImage(local, 'live')).toBeUndefined();
    expect(safeImage(svg, 'live')).toBeUndefined();
  });
});
