/**
 * A session's payment: the optional parts every node declares alike (nodes/shared/descriptions/payment.ts).
 * A session's payment takes all of them, and Shipping.
 */
export { paymentParts, paymentPartsLabels, paymentPartsProperties, paymentRequest, partsReader, shippingProperty } from '../../shared/descriptions/payment';
