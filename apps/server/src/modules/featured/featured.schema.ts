// The featured module's types and operations (being written).
export {};
