/**
 * A link's payment takes its amount and, of the payment's optional parts, only the modifiers: the shared
 * Modifiers field and builder (nodes/shared/descriptions/payment.ts).
 */
export { modifiersOf, modifiersProperty, partsReader, paymentPartsLabels } from '../../shared/descriptions/payment';
