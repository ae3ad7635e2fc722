/**
 * A memory's links drawn as a star: the memory in the middle, each linked memory on a circle around
 * it, the edge labelled with the link type and confidence. Each node is a link to that memory's
 * page, so the graph can be walked (with the keyboard too: nodes are focusable links).
 */
import type { MemoryInspection } from '../api/types';
import { memoryHref } from '../router';
import { snippet } from '../format';

const SIZE = 420;
const CENTER = SIZE / 2;
const RADIUS = 150;

export function LinkGraph({ inspection }: { inspection: MemoryInspection }) {
  const { memory, links } = inspection;
  if (links.length === 0) return <p class="muted">No links yet.</p>;
  const nodes = links.map((link, index) => {
    const angle = (2 * Math.PI * index) / links.length - Math.PI / 2;
    return { link, x: CENTER + RADIUS * Math.cos(angle), y: CENTER + RADIUS * Math.sin(angle) };
  });
  return (
    <svg
      class="graph"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="group"
      aria-label={`Links of this memory: ${links.length}`}
    >
      {nodes.map(({ link, x, y }) => (
        <g key={link.memory.id + link.type}>
          <line x1={CENTER} y1={CENTER} x2={x} y2={y} class={`edge edge-${link.type}`} />
          <text x={(CENTER + x) / 2} y={(CENTER + y) / 2 - 4} class="edge-label" aria-hidden="true">
            {link.type} {link.confidence.toFixed(2)}
          </text>
        </g>
      ))}
      <circle cx={CENTER} cy={CENTER} r={26} class="node node-self" />
      <text x={CENTER} y={CENTER + 4} class="node-label" aria-hidden="true">
        this
      </text>
      {nodes.map(({ link, x, y }) => (
        <a
          key={'node' + link.memory.id + link.type}
          href={memoryHref(link.memory.id)}
          aria-label={`Open linked memory ${link.memory.id} (${link.type}, ${link.confidence.toFixed(2)})`}
          class="graph-link"
          data-memory-id={link.memory.id}
        >
          <title>{link.memory.private ? 'private memory' : snippet(link.memory.content, 80)}</title>
          <circle cx={x} cy={y} r={20} class={link.memory.private ? 'node node-private' : 'node'} />
          <text x={x} y={y + 36} class="node-label" aria-hidden="true">
            {link.memory.id.slice(-6)}
          </text>
        </a>
      ))}
      <desc>Memory {memory.id} and the memories it links to.</desc>
    </svg>
  );
}
