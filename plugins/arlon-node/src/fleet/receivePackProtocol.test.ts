import {
  FLUSH,
  parseAdvertisement,
  parseReport,
  pktLine,
  readPktLines,
} from './receivePackProtocol';

const OID = 'a'.repeat(40);
const ZERO = '0'.repeat(40);
const advertisement = (...lines: Buffer[]) =>
  Buffer.concat([pktLine('# service=git-receive-pack\n'), FLUSH, ...lines]);

describe('receive-pack protocol', () => {
  it('reads the refs and capabilities a server advertises, and an empty repository’s', () => {
    const { refs, capabilities } = parseAdvertisement(
      advertisement(
        pktLine(`${OID} refs/heads/main\0report-status side-band-64k\n`),
        pktLine(`${ZERO.replace(/0/g, 'b')} refs/heads/other\n`),
        FLUSH,
      ),
    );
    expect([...refs]).toEqual([
      ['refs/heads/main', OID],
      ['refs/heads/other', 'b'.repeat(40)],
    ]);
    expect([...capabilities]).toEqual(['report-status', 'side-band-64k']);
    const empty = parseAdvertisement(
      advertisement(pktLine(`${ZERO} capabilities^{}\0report-status\n`), FLUSH),
    );
    expect(empty.refs.size).toBe(0);
    expect(empty.capabilities.has('report-status')).toBe(true);
  });

  it.each([
    [
      'no service line',
      Buffer.concat([pktLine(`${OID} refs/heads/main\0x\n`), FLUSH]),
    ],
    [
      'another service',
      Buffer.concat([pktLine('# service=git-upload-pack\n'), FLUSH, FLUSH]),
    ],
    ['no closing flush', advertisement(pktLine(`${OID} refs/heads/main\0x\n`))],
    [
      'a ref line with no capabilities',
      advertisement(pktLine(`${OID} refs/heads/main\n`), FLUSH),
    ],
    [
      'a ref line with more than a name',
      advertisement(pktLine(`${OID} refs/heads/main extra\0x\n`), FLUSH),
    ],
  ])('refuses an advertisement with %s', (_, bytes) => {
    expect(() => parseAdvertisement(bytes)).toThrow(/not Git's protocol/);
  });

  it('refuses a pkt-line longer than Git allows, or cut short, before reading past it', () => {
    expect(() => [...readPktLines(Buffer.from('fff1'))]).toThrow(
      /outside 4\.\.65520/,
    );
    expect(() => [...readPktLines(Buffer.from('0010abc'))]).toThrow(
      /cut short at 7/,
    );
    expect(() => [...readPktLines(Buffer.from('00'))]).toThrow(
      /cut short at byte 0/,
    );
    expect(() => pktLine(Buffer.alloc(65517))).toThrow(/too long/);
  });

  it('reads each ref’s fate from the report, bare or in side-band 1 among progress on band 2', () => {
    const report = Buffer.concat([
      pktLine('unpack ok\n'),
      pktLine('ok refs/heads/a\n'),
      pktLine('ng refs/heads/b non-fast-forward\n'),
      FLUSH,
    ]);
    const expected = {
      unpack: 'ok',
      refs: new Map([
        ['refs/heads/a', { ok: true, error: '' }],
        ['refs/heads/b', { ok: false, error: 'non-fast-forward' }],
      ]),
    };
    expect(parseReport(report, false)).toEqual(expected);
    const banded = Buffer.concat([
      pktLine(
        Buffer.concat([Buffer.from([2]), Buffer.from('Resolving deltas\r')]),
      ),
      pktLine(Buffer.concat([Buffer.from([1]), report.subarray(0, 10)])),
      pktLine(Buffer.concat([Buffer.from([1]), report.subarray(10)])),
      FLUSH,
    ]);
    expect(parseReport(banded, true)).toEqual(expected);
  });

  it.each([
    ['an unknown band', Buffer.concat([pktLine(Buffer.from([4, 65])), FLUSH])],
    ['an empty band line', Buffer.concat([Buffer.from('0004'), FLUSH])],
    [
      'a status that is not ok or ng',
      Buffer.concat([
        pktLine(
          Buffer.concat([
            Buffer.from([1]),
            pktLine('unpack ok\n'),
            pktLine('maybe refs/heads/a\n'),
            FLUSH,
          ]),
        ),
        FLUSH,
      ]),
    ],
  ])('refuses a report with %s', (_, bytes) => {
    expect(() => parseReport(bytes, true)).toThrow(/not Git's protocol/);
  });
});
