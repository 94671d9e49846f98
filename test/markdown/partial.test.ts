// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { settleInline, settleTail } from '../../src/markdown/partial';

describe('settleTail', () => {
  it.each([
    // emphasis and code spans: closed so the text shows formatted at once
    ['Toplam **42', 'Toplam **42**'],
    ['Toplam **42*', 'Toplam **42**'],
    ['Toplam **42**', 'Toplam **42**'],
    ['*a**', '*a*'],
    ['**a *b*', '**a *b***'],
    ['bir *eğik', 'bir *eğik*'],
    ['**a *b', '**a *b***'],
    ['a ~~eski', 'a ~~eski~~'],
    ['a `kod', 'a `kod`'],
    ['``a ` b', '``a ` b``'],
    // a trailing delimiter run may be half of the next one: hidden
    ['foo **', 'foo'],
    ['foo *', 'foo'],
    ['a ~', 'a'],
    ['snake_', 'snake'],
    // not delimiters: left alone
    ['snake_case_name', 'snake_case_name'],
    ['2 * 3 = 6', '2 * 3 = 6'],
    ['yaklaşık ~5 dk', 'yaklaşık ~5 dk'],
    ['\\*kaçış', '\\*kaçış'],
    ['a ~~~ b', 'a ~~~ b'],
    // links and images: text only until the destination is complete
    ['Bakınız [rapor](https://exa', 'Bakınız rapor'],
    ['Bakınız [rapor', 'Bakınız rapor'],
    ['Bakınız [rapor]', 'Bakınız rapor'],
    ['![grafik](https://cdn', 'grafik'],
    ['[**kalın** bağ](http', '**kalın** bağ'],
    ['[a](https://x.example) tamam', '[a](https://x.example) tamam'],
    ['x <https://exa', 'x https://exa'],
    // block markers with nothing after them yet
    ['- ', ''],
    ['- *', ''],
    ['1. **', ''],
    ['> ', ''],
    ['foo\n- *', 'foo\n'],
    ['- [ ] ', ''],
    ['1.', ''],
    ['foo\n-', 'foo\n'],
    ['Başlık\n==', 'Başlık\n'],
    ['## Ba', '## Ba'],
    ['**- a', '**- a**'],
    ['#**a', '#**a**'],
    ['- madde **b', '- madde **b**'],
    ['> alıntı *x', '> alıntı *x*'],
    ['* madde *em', '* madde *em*'],
    // fences: info string and closing fence hidden while half typed
    ['```', ''],
    ['```sq', ''],
    ['```sql\nSELECT 1', '```sql\nSELECT 1'],
    ['```sql\nSELECT **x\n``', '```sql\nSELECT **x\n'],
    ['~~~\na\n~~', '~~~\na\n'],
    ['```a`b\n**x', '```a`b\n**x**'], // not a fence: backtick in the info string
    ['```\na\n````\n**x', '```\na\n````\n**x**'], // a longer run closes it
    // tables: nothing until the separator row is complete, then whole rows only
    ['| a | b |', ''],
    ['Metin\n| a | b |\n|--', 'Metin\n'],
    ['| a | b |\n|---|---|', ''],
    ['| a | b |\n|---|---|\n', '| a | b |\n|---|---|\n'],
    ['| a | b |\n|---|---|\n| 1 | *2', '| a | b |\n|---|---|\n'],
    ['| a | b |\n|---|---|\n| 1 | 2 |\n', '| a | b |\n|---|---|\n| 1 | 2 |\n'],
  ])('%j → %j', (input, output) => {
    expect(settleTail(input)).toBe(output);
  });

  it('only touches the last line', () => {
    expect(settleTail('**a\nb *c')).toBe('**a\nb *c*');
  });

  it('drops an opener left with nothing after it rather than printing an empty pair', () => {
    expect(settleInline('**[x')).toBe('**x**');
    expect(settleInline('**[')).toBe('');
    expect(settleInline('*[**')).toBe('');
  });
});
