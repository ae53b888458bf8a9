// Types of scripts/count-assertions.mjs (plain JavaScript, run by node).
export interface BudgetResult {
  /** 0 when every count is within its ceiling and every `as unknown as` says why; 1 otherwise */
  status: number;
  stdout: string;
  stderr: string;
}
export declare function assertionBudget(root?: string, options?: { list?: boolean }): BudgetResult;
