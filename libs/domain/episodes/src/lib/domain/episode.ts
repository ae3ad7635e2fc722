/** An episode groups memories of one event (behaviour §2.3). */
export interface Episode {
  id: string;
  summary: string;
  memoryIds: string[];
  /** Earliest createdAt of its memories. */
  startTime: string;
  /** Latest createdAt of its memories. */
  endTime: string;
  /** Highest importance of its memories. */
  importance: number;
  createdAt: string;
}
