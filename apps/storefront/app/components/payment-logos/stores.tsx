import { type LogoDrawing, Tile, TopOfTile, Word } from "./shared.tsx";

/** Indomaret: blue "Indomaret" on white over red, yellow and blue stripes. */
const INDOMARET: LogoDrawing = {
  name: "Indomaret",
  art: (
    <>
      <Tile fill="#0b4ea2" />
      <TopOfTile bottom={35} fill="#ffd200" />
      <TopOfTile bottom={30} fill="#e30613" />
      <TopOfTile bottom={25} fill="#ffffff" border="#d6d3d1" />
      <Word text="Indomaret" cy={13} size={11} fill="#0b4ea2" maxWidth={54} />
    </>
  ),
};

/** Alfamart: red, yellow and blue slanted flags over a red lowercase "alfamart" on white. */
const ALFAMART: LogoDrawing = {
  name: "Alfamart",
  art: (
    <>
      <Tile fill="#ffffff" border="#d6d3d1" />
      <path d="M19 15 22 8H31L28 15z" fill="#e31e25" />
      <path d="M28.5 15 31.5 8H40.5L37.5 15z" fill="#ffc20e" />
      <path d="M38 15 41 8H50L47 15z" fill="#0054a5" />
      <Word text="alfamart" cy={25} size={12.5} fill="#d71920" />
    </>
  ),
};

const INK = "#231a12";
const CLAY = "#b4532a";
const SAND = "#f5efe4";

/** Cash in store: the shop's own colours, a shop front with a striped awning and a banknote. */
const CASH_IN_STORE: LogoDrawing = {
  name: "Cash in store",
  art: (
    <>
      <Tile fill={INK} />
      {/* shop front: walls, door, window, then a striped awning with a scalloped edge */}
      <rect x={9} y={14} width={22} height={18} fill="#ebe0cc" />
      <rect x={21} y={20} width={6.5} height={12} fill={CLAY} />
      <rect x={12} y={20} width={6} height={6} fill="#4a3c2f" />
      <path d="M7 8h26v6H7z" fill="#ffffff" />
      <path d="M7 8h4.33v6H7zM15.67 8H20v6h-4.33zM24.33 8h4.34v6h-4.34z" fill={CLAY} />
      <path d="M7 14a2.17 2.17 0 0 0 4.33 0zM15.67 14a2.17 2.17 0 0 0 4.33 0zM24.33 14a2.17 2.17 0 0 0 4.34 0z" fill={CLAY} />
      <path d="M11.33 14a2.17 2.17 0 0 0 4.34 0zM20 14a2.17 2.17 0 0 0 4.33 0zM28.67 14a2.17 2.17 0 0 0 4.33 0z" fill="#ffffff" />
      <rect x={6} y={31.5} width={28} height={2} rx={1} fill={SAND} />
      {/* banknote */}
      <rect x={37} y={13} width={21} height={14} rx={1.5} fill={SAND} />
      <rect x={39} y={15} width={17} height={10} rx={1} fill="none" stroke={CLAY} strokeWidth={0.8} />
      <circle cx={47.5} cy={20} r={3.2} fill={CLAY} />
    </>
  ),
};

export const storeLogos: Record<string, LogoDrawing> = { INDOMARET, ALFAMART, CASH_IN_STORE };
