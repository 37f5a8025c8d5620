// Filled by the creator's orders and earnings work (issue 6).
export {};
