import { BankBuilding, type LogoDrawing, Tile, Word } from "./shared.tsx";

const WHITE = "#ffffff";

/** Bank Central Asia: white italic "BCA" on BCA blue. */
const BCA: LogoDrawing = {
  name: "BCA",
  art: (
    <>
      <Tile fill="#0060af" />
      <Word text="BCA" cy={20} size={18} fill={WHITE} italic />
    </>
  ),
};

/** Bank Negara Indonesia: white "BNI" on teal beside an orange slanted bar. */
const BNI: LogoDrawing = {
  name: "BNI",
  art: (
    <>
      <Tile fill="#005e6a" />
      <path d="M9 29 15.5 11H21l-6.5 18z" fill="#f15a23" />
      <Word text="BNI" x={39} cy={20} size={17} fill={WHITE} />
    </>
  ),
};

/** Bank Rakyat Indonesia: white "BRI" in a white frame on BRI blue. */
const BRI: LogoDrawing = {
  name: "BRI",
  art: (
    <>
      <Tile fill="#00529c" />
      <rect x={13} y={9} width={38} height={22} rx={3} fill="none" stroke={WHITE} strokeWidth={1.6} />
      <Word text="BRI" cy={20} size={15} fill={WHITE} />
    </>
  ),
};

/** Bank Mandiri: white lowercase "mandiri" under a gold wave on navy. */
const MANDIRI: LogoDrawing = {
  name: "Mandiri",
  art: (
    <>
      <Tile fill="#003d79" />
      <path d="M33 14.5C38 8 47 6.5 55 10.5 48 9.5 41 11 35 15.8z" fill="#ffb700" />
      <Word text="mandiri" cy={23} size={13} fill={WHITE} />
    </>
  ),
};

/** PermataBank: a green and red leaf emblem over a dark green "Permata" on white. */
const PERMATA: LogoDrawing = {
  name: "PermataBank",
  art: (
    <>
      <Tile fill="#ffffff" border="#d6d3d1" />
      <path d="M32 15.5C26 15.5 24.5 10.5 26 7 29.5 7.5 32 10.5 32 15.5z" fill="#00a651" />
      <path d="M32 15.5C38 15.5 39.5 10.5 38 7 34.5 7.5 32 10.5 32 15.5z" fill="#e4262c" />
      <Word text="Permata" cy={27} size={12} fill="#00693e" />
    </>
  ),
};

/** Bank Syariah Indonesia: white "BSI" on teal beside a gold star. */
const BSI: LogoDrawing = {
  name: "BSI",
  art: (
    <>
      <Tile fill="#00807a" />
      <path d="M15.5 11.5 17.6 18l6.4 2-6.4 2-2.1 6.5-2.1-6.5L7 20l6.4-2z" fill="#f8ad3d" />
      <Word text="BSI" x={39} cy={20} size={17} fill={WHITE} />
    </>
  ),
};

/** bank bjb: white lowercase "bjb" over a gold bar on blue. */
const BJB: LogoDrawing = {
  name: "bank bjb",
  art: (
    <>
      <Tile fill="#0056a4" />
      <Word text="bjb" cy={17} size={19} fill={WHITE} />
      <rect x={20} y={29} width={24} height={3} rx={1.5} fill="#f6b417" />
    </>
  ),
};

/** CIMB Niaga: a red-and-white rhombus, white "CIMB" and small "NIAGA" on deep red. */
const CIMB: LogoDrawing = {
  name: "CIMB Niaga",
  art: (
    <>
      <Tile fill="#7a0000" />
      <path d="M13 11.5 21.5 20 13 28.5 4.5 20z" fill={WHITE} />
      <path d="M13 15.5 17.5 20 13 24.5 8.5 20z" fill="#e3151b" />
      <Word text="CIMB" x={41} cy={16.5} size={14} fill={WHITE} />
      <Word text="NIAGA" x={41} cy={28} size={7} fill={WHITE} letterSpacing={1.2} />
    </>
  ),
};

/** Bank Sahabat Sampoerna: a small white bank building and "BSS" on slate blue. */
const BSS: LogoDrawing = {
  name: "Bank Sahabat Sampoerna",
  art: (
    <>
      <Tile fill="#28466d" />
      <BankBuilding x={5} y={9.5} scale={0.9} fill={WHITE} />
      <Word text="BSS" x={45} cy={20} size={14} fill={WHITE} />
    </>
  ),
};

/** Any other or unknown bank: a dark bank building on a sand tile. */
export const GENERIC_BANK: LogoDrawing = {
  name: "Bank",
  art: (
    <>
      <Tile fill="#f5efe4" border="#dccaa9" />
      <BankBuilding x={19} y={5} scale={1.1} fill="#4a3c2f" />
    </>
  ),
};

export const bankLogos: Record<string, LogoDrawing> = { BCA, BNI, BRI, MANDIRI, PERMATA, BSI, BJB, CIMB, BSS };
