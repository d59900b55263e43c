import { createRequire } from 'node:module';

/**
 * DICOM keywords (PS3.6) → tag and VR, from dcmjs's data dictionary. Only the dictionary is
 * used: parsing stays with dicom-parser, which is ~10× faster for headers.
 */
interface Entry {
  tag: string;
  vr: string;
}

const require = createRequire(import.meta.url);
const nameMap = (
  require('dcmjs') as {
    data: { DicomMetaDictionary: { nameMap: Record<string, { tag: string; vr: string }> } };
  }
).data.DicomMetaDictionary.nameMap;

/** '(0008,0016)' → 'x00080016', dicom-parser's element key; null for ranges like '(60xx,3000)'. */
const toKey = (tag: string) => {
  const m = /^\(([0-9A-F]{4}),([0-9A-F]{4})\)$/i.exec(tag);
  return m ? `x${m[1]!.toLowerCase()}${m[2]!.toLowerCase()}` : null;
};

/** dcmjs writes ambiguous VRs in lower case ('xs' = US or SS); take the usual one. */
const LOWER_VRS: Record<string, string> = { up: 'UL', xs: 'US', ox: 'OB', lt: 'US', na: 'UN' };

const byKeyword = new Map<string, Entry>();
const vrByTag = new Map<string, string>();
for (const [keyword, e] of Object.entries(nameMap)) {
  const key = toKey(e.tag);
  if (!key) continue;
  const vr = LOWER_VRS[e.vr] ?? e.vr;
  byKeyword.set(keyword, { tag: key, vr });
  vrByTag.set(key, vr);
}

export const tagOf = (keyword: string): Entry | undefined => byKeyword.get(keyword);

/** For implicit VR data sets, where the bytes do not say the VR. */
export const vrOfTag = (tag: string): string | undefined => vrByTag.get(tag);
