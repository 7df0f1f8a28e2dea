import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Reading a CSV export the way its users do: Python's `csv` module, and LibreOffice Calc opening
 * the file and saving it as a spreadsheet, whose cells are then read back (decision 020).
 * Needs `python3` and `soffice` (Debian: python3, libreoffice-calc; `npm test` installs both).
 */

/** Records as Python's `csv.reader` sees them (UTF-8 with BOM, RFC 4180). */
export function parseCsvWithPython(csv: string): string[][] {
  const script = [
    'import csv, io, json, sys',
    "reader = csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8-sig', newline=''))",
    'json.dump(list(reader), sys.stdout)',
  ].join('\n');
  const result = spawnSync('python3', ['-c', script], { input: csv, maxBuffer: 512 * 1024 * 1024 });
  if (result.error)
    throw new Error(`python3 is needed (apt-get install -y python3): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`python3 csv failed: ${result.stderr}`);
  return JSON.parse(result.stdout.toString());
}

/** One cell as Calc holds it after the import. */
export interface SheetCell {
  /** OpenDocument value type: 'string', 'float', 'date', 'time', 'boolean', …; null when empty. */
  type: string | null;
  /** Displayed text (lines joined by '\n'), or the ISO value of a date cell. */
  value: string;
  /** The formula, when Calc made the cell a formula. */
  formula: string | null;
}

/**
 * The Text Import options of Calc's CSV dialog (its filter-option tokens): separator comma,
 * quote `"`, UTF-8, from line 1, English (US).
 * - `detectSpecialNumbers`: read dates, times and scientific notation (off by default in Calc).
 * - `evaluateFormulas`: run cells starting with `=` (off by default in Calc).
 */
export interface CalcImportOptions {
  detectSpecialNumbers: boolean;
  evaluateFormulas: boolean;
}

export function sofficeAvailable(): boolean {
  return spawnSync('sh', ['-c', 'command -v soffice']).status === 0;
}

/**
 * Opens `csv` in LibreOffice Calc (headless) with `options` and returns the first sheet's rows.
 * @throws when soffice is missing or the conversion fails.
 */
export function readWithLibreOffice(csv: string, options: CalcImportOptions): SheetCell[][] {
  if (!sofficeAvailable()) {
    throw new Error(
      'LibreOffice Calc is needed: apt-get install -y libreoffice-calc (npm test installs it).',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calc-'));
  try {
    const input = path.join(dir, 'export.csv');
    fs.writeFileSync(input, csv);
    const filter = [
      '44',
      '34',
      '76',
      '1',
      '',
      '1033',
      'false',
      String(options.detectSpecialNumbers),
      'false',
      'false',
      'false',
      '-1',
      String(options.evaluateFormulas),
    ].join(',');
    const result = spawnSync(
      'soffice',
      [
        // Its own profile, so parallel test files never share (and lock) one.
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        `--infilter=CSV:${filter}`,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        input,
      ],
      { timeout: 120_000 },
    );
    const output = path.join(dir, 'export.fods');
    if (!fs.existsSync(output)) throw new Error(`soffice failed: ${result.stderr}`);
    return readFlatOds(output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The first table of a flat OpenDocument spreadsheet, read with Python's XML parser. */
function readFlatOds(file: string): SheetCell[][] {
  const script = String.raw`
import json, sys
import xml.etree.ElementTree as ET
NS = {
  'table': 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  'office': 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  'text': 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
}
def q(prefix, name): return '{%s}%s' % (NS[prefix], name)
def text_of(node):
  out = node.text or ''
  for child in node:
    if child.tag == q('text', 's'): out += ' ' * int(child.get(q('text', 'c'), '1'))
    elif child.tag == q('text', 'tab'): out += '\t'
    elif child.tag == q('text', 'line-break'): out += '\n'
    else: out += text_of(child)
    out += child.tail or ''
  return out
table = ET.parse(sys.argv[1]).getroot().find('.//table:table', NS)
rows = []
for row in table.iter(q('table', 'table-row')):
  cells = []
  for cell in row.findall('table:table-cell', NS):
    kind = cell.get(q('office', 'value-type'))
    value = cell.get(q('office', 'date-value')) if kind == 'date' else '\n'.join(text_of(p) for p in cell.findall('text:p', NS))
    entry = {'type': kind, 'value': value, 'formula': cell.get(q('table', 'formula'))}
    cells.extend([entry] * min(int(cell.get(q('table', 'number-columns-repeated'), '1')), 64))
  while cells and cells[-1]['type'] is None: cells.pop()
  if cells: rows.append(cells)
json.dump(rows, sys.stdout)
`;
  const result = spawnSync('python3', ['-c', script, file], { maxBuffer: 512 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`reading ${file} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.toString());
}
