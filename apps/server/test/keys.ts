/** The encryption key of every test app: the seeded template's ciphertexts are made with it. */
export const TEST_ENCRYPTION_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY';
