// Filled in by issue 6 work.
