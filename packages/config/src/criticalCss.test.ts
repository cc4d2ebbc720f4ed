import { describe, expect, it } from 'vitest';
import { criticalCss, markupClasses, selectorClasses } from './criticalCss.ts';

describe('criticalCss', () => {
  const css = `
:root{--a:1}
body{margin:0}
.used{color:red}
.unused{color:blue}
.used .unused, .used > p{padding:0}
.used:not(.unused):hover{color:green}
@media (min-width: 48em){.unused{width:1px}.used{width:2px}}
@media print{.unused{display:none}}
@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}
@font-face{font-family:x;src:url(x.woff2)}
[data-variant='filled']{color:white}
`;
  it('keeps what the markup can use and nothing else', () => {
    const out = criticalCss(css, '<div class="used other"><p>x</p></div>');
    expect(out).toContain(':root{--a:1}');
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.used{color:red}');
    expect(out).not.toContain('.unused{color:blue}');
    expect(out).toContain('.used > p{padding:0}');
    expect(out).not.toContain('.used .unused');
    expect(out).toContain('.used:not(.unused):hover{color:green}');
    expect(out).toContain('@media (min-width: 48em){.used{width:2px}}');
    expect(out).not.toContain('@media print');
    expect(out).toContain('@keyframes spin');
    expect(out).toContain('@font-face');
    expect(out).toContain("[data-variant='filled']");
  });

  it('reads classes from markup and selectors', () => {
    expect([...markupClasses('<a class="x  y"></a><b class=""></b><i class="z"></i>')]).toEqual([
      'x',
      'y',
      'z',
    ]);
    expect(selectorClasses('.m_1:where([data-x]) .m_2:not(.m_3):not(:has(.m_4))')).toEqual(['m_1', 'm_2']);
  });
});
