import { type LogoDrawing, Tile, Word } from "./shared.tsx";

const WHITE = "#ffffff";

/** Kredivo: white lowercase "kredivo" on Kredivo orange. */
const KREDIVO: LogoDrawing = {
  name: "Kredivo",
  art: (
    <>
      <Tile fill="#c64f00" />
      <Word text="kredivo" cy={20} size={14} fill={WHITE} />
    </>
  ),
};

/** Akulaku: a red rounded square with a white "a" beside red "akulaku" on white. */
const AKULAKU: LogoDrawing = {
  name: "Akulaku",
  art: (
    <>
      <Tile fill="#ffffff" border="#d6d3d1" />
      <rect x={5.5} y={13} width={14} height={14} rx={3.5} fill="#e1251b" />
      <Word text="a" x={12.5} cy={19} size={12} fill={WHITE} />
      <Word text="akulaku" x={22} cy={20} size={10.5} fill="#d1201a" anchor="start" maxWidth={38} />
    </>
  ),
};

/** Atome: black lowercase "atome" on Atome's yellow-green. */
const ATOME: LogoDrawing = {
  name: "Atome",
  art: (
    <>
      <Tile fill="#f0ff5f" border="#d9e64f" />
      <Word text="atome" cy={20} size={14} fill="#111111" />
    </>
  ),
};

/** Indodana: navy lowercase "indodana" over a teal bar on white. */
const INDODANA: LogoDrawing = {
  name: "Indodana",
  art: (
    <>
      <Tile fill="#ffffff" border="#d6d3d1" />
      <Word text="indodana" cy={18} size={11} fill="#1b3a7a" />
      <rect x={20} y={27.5} width={24} height={2.5} rx={1.25} fill="#00a99d" />
    </>
  ),
};

/** Any pay-later: a sand calendar with one day marked over "PayLater" on the shop's clay. */
const PAYLATER: LogoDrawing = {
  name: "PayLater",
  art: (
    <>
      <Tile fill="#7d3519" />
      <rect x={23} y={7.5} width={18} height={16} rx={2} fill="#f5efe4" />
      <rect x={23} y={7.5} width={18} height={4.5} rx={2} fill="#c8ad7f" />
      <rect x={23} y={10} width={18} height={2} fill="#c8ad7f" />
      <rect x={26} y={5.5} width={2} height={4} rx={1} fill="#f5efe4" />
      <rect x={36} y={5.5} width={2} height={4} rx={1} fill="#f5efe4" />
      <path d="M26 15h3v2.5h-3zM30.5 15h3v2.5h-3zM26 19h3v2.5h-3zM30.5 19h3v2.5h-3z" fill="#c8ad7f" />
      <rect x={35} y={15} width={3} height={2.5} fill="#7d3519" />
      <rect x={35} y={19} width={3} height={2.5} fill="#c8ad7f" />
      <Word text="PayLater" cy={31} size={9} fill="#f5efe4" />
    </>
  ),
};

export const paylaterLogos: Record<string, LogoDrawing> = { KREDIVO, AKULAKU, ATOME, INDODANA, PAYLATER };
