/** The text of a PDF the platform made (pdfkit with embedded fonts), for tests of any module. */
export { pdfText } from '../../modules/payments/receipts/pdf-text.ts'
