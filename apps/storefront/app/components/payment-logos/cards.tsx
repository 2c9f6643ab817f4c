import { Chip, type LogoDrawing, Tile, Word } from "./shared.tsx";

/** Credit or debit card: a navy card with a gold chip, contactless waves and a masked number. */
const CARD: LogoDrawing = {
  name: "Credit or debit card",
  art: (
    <>
      <Tile fill="#1e3a5f" />
      <Chip x={7} y={9} w={11} h={8.5} fill="#e9b949" line="#9c7a25" />
      <path d="M23 10.5a5 5 0 0 1 0 6M26 9a7.5 7.5 0 0 1 0 9" fill="none" stroke="#ffffff" strokeWidth={1.3} strokeLinecap="round" />
      <g fill="#ffffff">
        {[7, 18, 29].map((x) => (
          <g key={x}>
            {[0, 2.4, 4.8, 7.2].map((dx) => (
              <circle key={dx} cx={x + 1 + dx} cy={28} r={1} />
            ))}
          </g>
        ))}
      </g>
      <Word text="4242" x={57} cy={28} size={7} fill="#ffffff" anchor="end" />
    </>
  ),
};

/** Test card: a pale grey card with a grey chip and a dark "TEST" label, dashed like a mock-up. */
const TEST_CARD: LogoDrawing = {
  name: "Test card",
  art: (
    <>
      <Tile fill="#e7e5e4" />
      <rect x={1.5} y={1.5} width={61} height={37} rx={5} fill="none" stroke="#78716c" strokeWidth={1} strokeDasharray="3 2" />
      <Chip x={8} y={9} w={11} h={8.5} fill="#a8a29e" line="#57534e" />
      <rect x={25} y={8} width={32} height={11} rx={2} fill="#231a12" />
      <Word text="TEST" x={41} cy={13.5} size={9} fill="#ffffff" letterSpacing={1} />
      <rect x={8} y={26} width={48} height={2.5} rx={1.25} fill="#a8a29e" />
      <rect x={8} y={31} width={28} height={2.5} rx={1.25} fill="#a8a29e" />
    </>
  ),
};

export const cardLogos: Record<string, LogoDrawing> = { CARD, TEST_CARD };
