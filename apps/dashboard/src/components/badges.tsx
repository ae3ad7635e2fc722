/** Small labels: a memory's privacy, and a pinned memory (importance 5 protects it from forgetting). */
export function PrivateBadge({ isPrivate }: { isPrivate: boolean }) {
  return isPrivate ? (
    <span class="badge badge-private" title="Private: never written to files or logs">
      private
    </span>
  ) : null;
}

export function PinnedBadge({ importance }: { importance: number }) {
  return importance === 5 ? <span class="badge badge-pinned">pinned</span> : null;
}
