// The history of a creation: submissionLogs (being written).
export {};
