import { type LogoDrawing, Tile, Word } from "./shared.tsx";

const WHITE = "#ffffff";

/** QRIS: a black QR finder square and black "QRIS" with a red corner on white. */
const QRIS: LogoDrawing = {
  name: "QRIS",
  art: (
    <>
      <Tile fill="#ffffff" border="#d6d3d1" />
      <rect x={5.5} y={14} width={12} height={12} rx={1} fill="none" stroke="#111111" strokeWidth={2} />
      <rect x={9} y={17.5} width={5} height={5} fill="#111111" />
      <Word text="QRIS" x={40.5} cy={20} size={14} fill="#111111" />
      <path d="M54 8.5h5v5z" fill="#e4262c" />
    </>
  ),
};

/** OVO: white "OVO" on OVO purple. */
const OVO: LogoDrawing = {
  name: "OVO",
  art: (
    <>
      <Tile fill="#4c2a86" />
      <Word text="OVO" cy={20} size={17} fill={WHITE} letterSpacing={0.5} />
    </>
  ),
};

/** DANA: white "DANA" on DANA blue. */
const DANA: LogoDrawing = {
  name: "DANA",
  art: (
    <>
      <Tile fill="#0a78cb" />
      <Word text="DANA" cy={20} size={15} fill={WHITE} />
    </>
  ),
};

/** ShopeePay: a white shopping bag with an orange "S" over white "ShopeePay" on Shopee orange. */
const SHOPEEPAY: LogoDrawing = {
  name: "ShopeePay",
  art: (
    <>
      <Tile fill="#d23c1b" />
      <path d="M28.5 10.5a3.5 3.5 0 0 1 7 0" fill="none" stroke={WHITE} strokeWidth={1.4} />
      <path d="M25.5 10h13l-1 12h-11z" fill={WHITE} />
      <Word text="S" cy={16} size={8} fill="#d23c1b" />
      <Word text="ShopeePay" cy={30} size={10} fill={WHITE} maxWidth={54} />
    </>
  ),
};

/** LinkAja: white "LinkAja" on LinkAja red. */
const LINKAJA: LogoDrawing = {
  name: "LinkAja",
  art: (
    <>
      <Tile fill="#d81e25" />
      <Word text="LinkAja" cy={20} size={13} fill={WHITE} />
    </>
  ),
};

/** AstraPay: white lowercase "astrapay" over a light blue bar on royal blue. */
const ASTRAPAY: LogoDrawing = {
  name: "AstraPay",
  art: (
    <>
      <Tile fill="#1b4da1" />
      <Word text="astrapay" cy={18} size={12} fill={WHITE} />
      <rect x={20} y={28} width={24} height={2.5} rx={1.25} fill="#6cc4f0" />
    </>
  ),
};

/** Any e-wallet: a sand wallet with a clasp over "e-wallet" on the shop's leaf green. */
const EWALLET: LogoDrawing = {
  name: "E-wallet",
  art: (
    <>
      <Tile fill="#3d5630" />
      <path d="M22 9.5l15-3.5 1.5 3.5z" fill="#c8ad7f" />
      <rect x={21} y={9.5} width={22} height={14} rx={2} fill="#f5efe4" />
      <rect x={34} y={14} width={10} height={5} rx={1.5} fill="#c8ad7f" />
      <circle cx={37} cy={16.5} r={1.1} fill="#3d5630" />
      <Word text="e-wallet" cy={31} size={9} fill="#f5efe4" />
    </>
  ),
};

export const walletLogos: Record<string, LogoDrawing> = { QRIS, OVO, DANA, SHOPEEPAY, LINKAJA, ASTRAPAY, EWALLET };
